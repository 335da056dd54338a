import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import type { LabelContent, SettingInfo } from '@shared/api/setting';
import type { LabelDetail } from '@shared/devices';
import { isDataSourceKind, type CylinderSourceData, type DataSourceKind } from '@shared/dataSources';
import { layoutLabel } from '@shared/label/layout';
import { sampleCylinderData } from '@shared/label/sample';
import { useConfirm } from '@renderer/components/ListPage';
import { PageLoading } from '@renderer/components/PageLoading';
import { useUnsavedChanges } from '@renderer/hooks/useUnsavedChanges';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { usePermission } from '@renderer/permission/permission';
import { labelApi } from '../labelApi';
import { NEW_LABEL } from '../labelOptions';
import { DesignerToolbar } from './DesignerToolbar';
import { drawnItems } from './drawn';
import { fieldNameData } from './fieldNames';
import { useHistory } from './history';
import { LabelCanvas } from './LabelCanvas';
import { LabelProperties, type LabelMeta } from './LabelProperties';
import { align, moveTo, newItem, nudge, NUDGE_BIG_MM, NUDGE_MM, paste, remove, resize } from './model';
import { ItemProperties } from './PropertyPanel';
import { TestPrintDialog } from './TestPrintDialog';

const PX_PER_MM_AT_100 = 96 / 25.4;
const EMPTY_META: LabelMeta = { name: '', settingKey: '', dataSource: 'CYLINDER', enabled: 1, isDefault: 0, remark: null };
/** Changes of one field within this time are one undo step (typing a content). */
const MERGE_MS = 1000;

/**
 * 标签设计 (/tagSetting/label/set?id=…): the label at true proportions (mm rulers, zoom), items added, dragged,
 * resized, aligned and snapped, every field of an item in the panel, undo/redo, copy/paste, arrows nudge, Delete
 * asks first. The canvas lays the label out with the drivers' own layout, filled with sample data or, after 预览,
 * a real cylinder's; 测试打印 sends exactly that to a printer.
 */
export default function LabelDesignerPage() {
  const t = useT();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const canSave = usePermission(['label:save']);
  const id = Number(useSearchParams()[0].get('id'));
  const { data: info, isError } = labelApi.useLabelInfoQuery({ key: 'LABEL', id }, { skip: !(id > 0), refetchOnMountOrArgChange: true });
  const [save] = labelApi.useSaveLabelMutation();
  const [fetchCylinder] = labelApi.useLabelCylinderDataMutation();
  const history = useHistory<LabelContent>(NEW_LABEL);
  const label = history.present;
  const [meta, setMeta] = useState<LabelMeta>(EMPTY_META);
  const [saved, setSaved] = useState<{ label: LabelContent; meta: LabelMeta } | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [clipboard, setClipboard] = useState<LabelDetail[]>([]);
  const [snapOn, setSnapOn] = useState(true);
  const [showFields, setShowFields] = useState(false);
  const [zoom, setZoom] = useState(2);
  const [code, setCode] = useState('');
  const [preview, setPreview] = useState<CylinderSourceData | null>(null);
  const [printing, setPrinting] = useState(false);
  const lastChange = useRef({ field: '', at: 0 });

  useEffect(() => {
    if (!info || info.kind !== 'LABEL') return;
    const loaded = info as Extract<SettingInfo, { kind: 'LABEL' }>;
    const m: LabelMeta = {
      name: loaded.name, settingKey: loaded.settingKey, dataSource: loaded.dataSource, enabled: loaded.enabled ? 1 : 0, isDefault: loaded.isDefault ? 1 : 0, remark: loaded.remark,
    };
    // The server's copy is put on screen when first read, and later only over nothing unsaved and when it differs from
    // what was saved here (another user's save): never over an edit in progress (a re-read after this page's own save,
    // while the user went on, replaced their new items), and a re-read of this page's own save keeps the undo history.
    if (saved && (dirty || JSON.stringify([saved.label, saved.meta]) === JSON.stringify([loaded.content, m]))) return;
    history.reset(loaded.content);
    setMeta(m);
    setSaved({ label: loaded.content, meta: m });
    setSelected([]);
  }, [info]); // eslint-disable-line react-hooks/exhaustive-deps -- reload only when the server's copy changes

  const source: DataSourceKind = isDataSourceKind(meta.dataSource) ? meta.dataSource : 'CYLINDER';
  const data = useMemo(() => preview ?? sampleCylinderData(window.location.origin), [preview]);
  const laid = useMemo(() => layoutLabel({ printer: '-', width: label.width, height: label.height, dpi: label.dpi, details: label.details, data }), [label, data]);
  const named = useMemo(() => (showFields ? layoutLabel({ printer: '-', width: label.width, height: label.height, dpi: label.dpi, details: label.details, data: fieldNameData(source) }) : laid), [showFields, label, laid, source]);
  const shown = useMemo(() => ({ ...laid, items: laid.items.map((item, i) => (item.type === 'FONT' ? named.items[i]! : item)) }), [laid, named]);
  const drawn = useMemo(() => drawnItems(shown), [shown]);
  const boxes = drawn.map((d) => d.box);
  const dirty = !!saved && (saved.label !== label || saved.meta !== meta);
  useUnsavedChanges(dirty);

  /** One undo step per change; typing on in the same field stays one step. */
  const change = (next: LabelContent, field = '') => {
    const now = Date.now();
    const merge = field !== '' && field === lastChange.current.field && now - lastChange.current.at < MERGE_MS;
    lastChange.current = { field, at: now };
    history.set(next, merge);
  };
  const setItem = (i: number, item: LabelDetail, field = '') => change({ ...label, details: label.details.map((d, j) => (j === i ? item : d)) }, field ? `${i}.${field}` : '');
  const add = (type: LabelDetail['type']) => {
    if (label.details.length >= 200) return;
    change({ ...label, details: [...label.details, newItem(type, label, source)] });
    setSelected([label.details.length]);
  };
  const deleteSelected = async () => {
    if (!selected.length) return;
    if (!(await confirm({ title: t('label.deleteItem'), message: t('label.deleteConfirm', { count: selected.length }), okText: t('common.delete'), danger: true }))) return;
    change(remove(label, selected));
    setSelected([]);
  };
  const pasteClipboard = () => {
    if (!clipboard.length) return;
    const result = paste(label, clipboard);
    change(result.label);
    setSelected(result.selected);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('input, textarea, [role="combobox"], [role="listbox"]')) return;
    const ctrl = e.ctrlKey || e.metaKey;
    const step = e.shiftKey ? NUDGE_BIG_MM : NUDGE_MM;
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const handled = (() => {
      if (arrows[e.key] && selected.length) return change(nudge(label, selected, boxes, ...arrows[e.key]!)), true;
      if (ctrl && e.key.toLowerCase() === 'z') return (e.shiftKey ? history.redo() : history.undo()), true;
      if (ctrl && e.key.toLowerCase() === 'y') return history.redo(), true;
      if (ctrl && e.key.toLowerCase() === 'c' && selected.length) return setClipboard(selected.map((i) => label.details[i]!)), true;
      if (ctrl && e.key.toLowerCase() === 'v') return pasteClipboard(), true;
      if ((e.key === 'Delete' || e.key === 'Backspace') && selected.length) return void deleteSelected(), true;
      if (e.key === 'Escape') return setSelected([]), true;
      return false;
    })();
    if (handled) e.preventDefault();
  };
  const submit = async () => {
    const body = {
      kind: 'LABEL' as const, id, name: meta.name, settingKey: meta.settingKey, dataSource: source, enabled: meta.enabled, isDefault: meta.isDefault,
      ...(meta.remark ? { remark: meta.remark } : {}), content: label,
    };
    await save(body).unwrap();
    setSaved({ label, meta });
    notify(t('common.saved'), 'success');
  };
  const loadPreview = async () => {
    const wanted = code.trim();
    if (!wanted) return setPreview(null);
    setPreview((await fetchCylinder({ code: wanted }).unwrap()) as CylinderSourceData);
  };
  /**
   * 测试打印 prints the cylinder whose code is typed, previewed or not: a code typed but not yet previewed is
   * fetched first (and shown); an unknown code prints nothing (the refusal is shown) rather than sample data.
   */
  const openTestPrint = async () => {
    const wanted = code.trim();
    if (wanted && preview?.cylinder.code.toLowerCase() !== wanted.toLowerCase()) {
      try {
        await loadPreview();
      } catch {
        return;
      }
    }
    setPrinting(true);
  };

  if (!(id > 0) || isError) return <Alert severity="error">{t('label.notFound')}</Alert>;
  // Nothing to edit until the saved label is read: an item added to the blank label shown before was replaced by it.
  if (!saved) return <PageLoading />;
  const one = selected.length === 1 ? selected[0]! : null;
  return (
    <Stack spacing={1} sx={{ height: '100%', minHeight: 0 }} tabIndex={0} onKeyDown={onKey} data-testid="label-designer">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button size="small" onClick={() => void navigate('/Setting/tagSetting')}>{t('label.back')}</Button>
        <Typography variant="h6" sx={{ flex: 1 }}>{meta.name || '—'}{dirty && <Typography component="span" color="warning.main" sx={{ ml: 1, fontSize: 13 }}>{t('label.unsaved')}</Typography>}</Typography>
        <TextField size="small" label={t('label.previewCode')} value={code} onChange={(e) => setCode(e.target.value.slice(0, 64))} onKeyDown={(e) => { if (e.key === 'Enter') void loadPreview(); }} sx={{ width: 180 }} />
        <Button variant="outlined" onClick={() => void loadPreview()}>{t('label.preview')}</Button>
        <Button variant="outlined" onClick={() => void openTestPrint()} disabled={!label.details.length}>{t('label.testPrint')}</Button>
        {canSave && <Button variant="contained" onClick={() => void submit()}>{t('label.saveDesign')}</Button>}
      </Stack>
      <DesignerToolbar onAdd={add} canUndo={history.canUndo} canRedo={history.canRedo} onUndo={history.undo} onRedo={history.redo}
        hasSelection={selected.length > 0} canPaste={clipboard.length > 0} onCopy={() => setClipboard(selected.map((i) => label.details[i]!))} onPaste={pasteClipboard}
        onDelete={() => void deleteSelected()} onAlign={(how) => change(align(label, selected, boxes, how))}
        snap={snapOn} onSnap={setSnapOn} showFields={showFields} onShowFields={setShowFields} zoom={zoom} onZoom={setZoom} />
      {preview && (
        <Alert severity="info" action={<Button size="small" onClick={() => setPreview(null)}>{t('label.sampleData')}</Button>}>
          {t('label.previewing', { code: preview.cylinder.code })}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ flex: 1, minHeight: 0 }}>
        <Paper variant="outlined" sx={{ flex: 1, overflow: 'auto', bgcolor: '#fafafa' }} data-testid="label-canvas"
          data-px-per-mm={zoom * PX_PER_MM_AT_100} data-boxes={JSON.stringify(boxes)}>
          <LabelCanvas label={label} laid={shown} drawn={drawn} pxPerMm={zoom * PX_PER_MM_AT_100} selected={selected} onSelect={setSelected}
            onMove={(i, left, top) => setItem(i, moveTo(label.details[i]!, boxes[i]!, left, top, label, snapOn))}
            onResize={(i, sx, sy) => setItem(i, resize(label.details[i]!, sx, sy))} />
        </Paper>
        <Paper variant="outlined" sx={{ width: 320, p: 1.5, overflow: 'auto' }}>
          {one !== null && label.details[one]
            ? <ItemProperties key={one} item={label.details[one]} source={source} onChange={(item, field) => setItem(one, item, field)} />
            : <LabelProperties meta={meta} onMeta={setMeta} label={label} onLabel={change} />}
        </Paper>
      </Stack>
      {printing && <TestPrintDialog label={label} data={data} onClose={() => setPrinting(false)} />}
    </Stack>
  );
}
