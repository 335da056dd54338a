import type { ReactNode } from 'react';
import { Button, Checkbox, Divider, FormControlLabel, IconButton, Slider, Stack, Tooltip, Typography } from '@mui/material';
import AlignHorizontalCenterIcon from '@mui/icons-material/AlignHorizontalCenter';
import AlignHorizontalLeftIcon from '@mui/icons-material/AlignHorizontalLeft';
import AlignHorizontalRightIcon from '@mui/icons-material/AlignHorizontalRight';
import AlignVerticalBottomIcon from '@mui/icons-material/AlignVerticalBottom';
import AlignVerticalCenterIcon from '@mui/icons-material/AlignVerticalCenter';
import AlignVerticalTopIcon from '@mui/icons-material/AlignVerticalTop';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import DeleteIcon from '@mui/icons-material/Delete';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import { useT } from '@renderer/i18n/useT';
import type { MessageKey } from '@renderer/i18n/messages';
import type { Alignment, ItemType } from './model';

export interface ToolbarProps {
  onAdd: (type: ItemType) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  hasSelection: boolean;
  canPaste: boolean;
  onCopy: () => void;
  onPaste: () => void;
  onDelete: () => void;
  onAlign: (how: Alignment) => void;
  snap: boolean;
  onSnap: (on: boolean) => void;
  showFields: boolean;
  onShowFields: (on: boolean) => void;
  zoom: number;
  onZoom: (zoom: number) => void;
}

const ALIGNS: [Alignment, MessageKey, ReactNode][] = [
  ['left', 'label.alignLeft', <AlignHorizontalLeftIcon key="l" />], ['center', 'label.alignCenter', <AlignHorizontalCenterIcon key="c" />],
  ['right', 'label.alignRight', <AlignHorizontalRightIcon key="r" />], ['top', 'label.alignTop', <AlignVerticalTopIcon key="t" />],
  ['middle', 'label.alignMiddle', <AlignVerticalCenterIcon key="m" />], ['bottom', 'label.alignBottom', <AlignVerticalBottomIcon key="b" />],
];

/** The designer's tools: add, undo/redo, copy/paste/delete, align, snapping, field names, zoom. */
export function DesignerToolbar(p: ToolbarProps) {
  const t = useT();
  const icon = (label: MessageKey, node: ReactNode, onClick: () => void, disabled: boolean) => (
    <Tooltip key={label} title={t(label)}><span><IconButton size="small" aria-label={t(label)} disabled={disabled} onClick={onClick}>{node}</IconButton></span></Tooltip>
  );
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Button size="small" variant="outlined" onClick={() => p.onAdd('FONT')}>{t('label.addFont')}</Button>
      <Button size="small" variant="outlined" onClick={() => p.onAdd('BARCODE')}>{t('label.addBarcode')}</Button>
      <Button size="small" variant="outlined" onClick={() => p.onAdd('QRCODE')}>{t('label.addQrcode')}</Button>
      <Divider orientation="vertical" flexItem />
      {icon('label.undo', <UndoIcon />, p.onUndo, !p.canUndo)}
      {icon('label.redo', <RedoIcon />, p.onRedo, !p.canRedo)}
      {icon('label.copyItem', <ContentCopyIcon />, p.onCopy, !p.hasSelection)}
      {icon('label.paste', <ContentPasteIcon />, p.onPaste, !p.canPaste)}
      {icon('label.deleteItem', <DeleteIcon />, p.onDelete, !p.hasSelection)}
      <Divider orientation="vertical" flexItem />
      {ALIGNS.map(([how, label, node]) => icon(label, node, () => p.onAlign(how), !p.hasSelection))}
      <Divider orientation="vertical" flexItem />
      <FormControlLabel sx={{ ml: 0.5 }} label={t('label.snap')} control={<Checkbox size="small" checked={p.snap} onChange={(e) => p.onSnap(e.target.checked)} />} />
      <FormControlLabel label={t('label.showFields')} control={<Checkbox size="small" checked={p.showFields} onChange={(e) => p.onShowFields(e.target.checked)} />} />
      <Typography variant="body2" sx={{ ml: 1 }}>{t('label.zoom')}</Typography>
      <Slider size="small" sx={{ width: 110, mx: 1 }} min={1} max={6} step={0.5} value={p.zoom} onChange={(_e, v) => p.onZoom(v)}
        aria-label={t('label.zoom')} valueLabelDisplay="auto" valueLabelFormat={(v) => `${Math.round(v * 100)}%`} />
    </Stack>
  );
}
