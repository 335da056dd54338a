import { useState } from 'react';
import { Box, List, ListItemButton, ListItemText, Popover, TextField } from '@mui/material';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { optionLabel, optionValue, pathLabels } from '../columnKinds';
import type { SourceOption } from '../types';
import { inputLabel, type CellProps } from './cellProps';

/**
 * cascader: nested source options shown as side-by-side lists; picking a leaf stores the value path
 * (an array) in key and the labels along it (joined with ',') in nameGroupCode.
 */
export function CascaderCell({ col, row, index, disabled, error, onPatch }: CellProps) {
  const t = useWidgetT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const path: unknown[] = Array.isArray(row[col.key]) ? (row[col.key] as unknown[]) : [];
  const [open, setOpen] = useState<unknown[]>([]);

  // The option lists to show: the top level, then the children of each opened option.
  const levels: SourceOption[][] = [col.source ?? []];
  for (const v of open) {
    const node = levels.at(-1)?.find((o) => optionValue(col, o) === v);
    if (!node?.children?.length) break;
    levels.push(node.children);
  }

  const choose = (depth: number, o: SourceOption) => {
    const next = [...open.slice(0, depth), optionValue(col, o)];
    if (o.children?.length) return setOpen(next);
    onPatch({ [col.key]: next, ...(col.nameGroupCode ? { [col.nameGroupCode]: pathLabels(col, next) } : {}) });
    setAnchor(null);
  };

  return (
    <>
      <TextField
        size="small"
        fullWidth
        value={pathLabels(col, path).split(',').filter(Boolean).join(' / ')}
        placeholder={col.placeholder ?? t('widget.placeholderSelect')}
        disabled={disabled}
        error={!!error}
        onClick={(e) => {
          if (disabled) return;
          setOpen(path);
          setAnchor(e.currentTarget);
        }}
        slotProps={{ htmlInput: { readOnly: true, 'aria-label': inputLabel(col, index) } }}
      />
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Box sx={{ display: 'flex' }}>
          {levels.map((options, depth) => (
            <List key={depth} dense role="listbox" sx={{ minWidth: 140, maxHeight: 280, overflow: 'auto', borderRight: 1, borderColor: 'divider' }}>
              {options.map((o) => (
                <ListItemButton key={String(optionValue(col, o))} role="option" selected={open[depth] === optionValue(col, o)} disabled={!!o.disabled} onClick={() => choose(depth, o)}>
                  <ListItemText primary={optionLabel(col, o)} />
                  {o.children?.length ? <ChevronRightIcon fontSize="small" /> : null}
                </ListItemButton>
              ))}
            </List>
          ))}
        </Box>
      </Popover>
    </>
  );
}
