import { Tab, Tabs } from '@mui/material';
import type { StatusCount } from '@shared/api/product';
import { useT } from '@renderer/i18n/useT';
import { offeredStatuses, statusLabel } from '@renderer/utils/productStatus';

interface Props {
  counts: StatusCount[];
  /** null: 全部. */
  value: number | null;
  onChange: (status: number | null) => void;
}

const ALL = 'all';

/** 全部 and one tab per status with its count; unnamed codes (11–13) only while some cylinder has them. */
export function StatusTabs({ counts, value, onChange }: Props) {
  const t = useT();
  const countOf = (s: number) => counts.find((c) => c.status === s)?.count ?? 0;
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  // The chosen one stays even when its count fell to 0 meanwhile.
  const ordered = [...new Set([...offeredStatuses(counts), ...(value === null ? [] : [value])])].sort((a, b) => a - b);
  return (
    <Tabs value={value ?? ALL} onChange={(_, v: number | string) => onChange(v === ALL ? null : Number(v))} variant="scrollable" aria-label={t('product.statusTabs')}>
      <Tab value={ALL} label={`${t('common.all')} (${total})`} />
      {ordered.map((s) => (
        <Tab key={s} value={s} label={`${statusLabel(t, s)} (${countOf(s)})`} />
      ))}
    </Tabs>
  );
}
