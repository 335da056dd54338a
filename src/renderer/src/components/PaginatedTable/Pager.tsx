import { useState } from 'react';
import { MenuItem, Pagination, Select, Stack, TextField, Typography } from '@mui/material';
import { useWidgetT } from '@renderer/hooks/useWidgetT';

/** Page sizes and default of SPEC 9. */
export const PAGE_SIZES = [5, 10, 15, 50, 100, 200, 500];
export const DEFAULT_PAGE_SIZE = 15;

export interface PagerProps {
  total: number;
  /** 1-based. */
  page: number;
  size: number;
  sizes?: number[];
  onChange: (page: number, size: number) => void;
  disabled?: boolean;
}

/** The pagination bar of SPEC 9: total, sizes, prev, pager, next, jumper. */
export function Pager({ total, page, size, sizes = PAGE_SIZES, onChange, disabled }: PagerProps) {
  const t = useWidgetT();
  const pages = Math.max(1, Math.ceil(total / size));
  const [jump, setJump] = useState('');

  const go = () => {
    const n = Number.parseInt(jump, 10);
    setJump('');
    if (!Number.isFinite(n)) return;
    const target = Math.min(Math.max(n, 1), pages);
    if (target !== page) onChange(target, size);
  };

  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', px: 1, py: 0.5, fontSize: 13 }} role="navigation" aria-label="pagination">
      <Typography variant="body2">{t('widget.pageTotal', { total })}</Typography>
      <Select
        size="small"
        value={size}
        disabled={disabled}
        onChange={(e) => onChange(1, Number(e.target.value))}
        inputProps={{ 'aria-label': t('widget.pageSize', { size: '' }).trim() }}
        sx={{ fontSize: 13, '& .MuiSelect-select': { py: 0.5 } }}
      >
        {sizes.map((s) => (
          <MenuItem key={s} value={s}>
            {t('widget.pageSize', { size: s })}
          </MenuItem>
        ))}
      </Select>
      <Pagination
        count={pages}
        page={Math.min(page, pages)}
        disabled={disabled}
        size="small"
        shape="rounded"
        siblingCount={2}
        onChange={(_, p) => onChange(p, size)}
        getItemAriaLabel={(type, p) => (type === 'previous' ? t('widget.pagePrev') : type === 'next' ? t('widget.pageNext') : t('widget.pageNumber', { page: p ?? '' }))}
      />
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">{t('widget.pageGoto')}</Typography>
        <TextField
          size="small"
          value={jump}
          disabled={disabled}
          onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))}
          onKeyDown={(e) => e.key === 'Enter' && go()}
          onBlur={go}
          slotProps={{ htmlInput: { 'aria-label': t('widget.pageGoto'), inputMode: 'numeric', style: { width: 40, padding: '4px 6px', textAlign: 'center' } } }}
        />
        <Typography variant="body2">{t('widget.pageUnit')}</Typography>
      </Stack>
    </Stack>
  );
}
