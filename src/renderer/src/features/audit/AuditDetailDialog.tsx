import { useMemo, useState } from 'react';
import { Box, Button, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import { AUDIT, AUDIT_LINE_KINDS, AUDIT_LINE_NAMES, type AuditLine, type AuditLineKind, type AuditRow } from '@shared/api/audit';
import { AppDialog } from '@renderer/components/AppDialog';
import { ExportButton } from '@renderer/components/ListPage';
import { PaginatedTable, type TableColumn } from '@renderer/components/PaginatedTable';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { statusLabel } from '@renderer/utils/productStatus';
import { auditApi } from './auditApi';

const TONE: Record<AuditLineKind, 'success' | 'warning' | 'default' | 'error'> = { found: 'success', unexpected: 'warning', unknown: 'default', missing: 'error' };

/** One audit: its counts, its lines by result (server-side paginated), 对账 while counting, the report as PDF and Excel. */
export function AuditDetailDialog({ audit, onClose, onReconcile }: { audit: AuditRow; onClose: () => void; onReconcile: (row: AuditRow) => void }) {
  const t = useT();
  const lang = useLanguage().startsWith('en') ? 'en' : 'zh';
  const [kind, setKind] = useState<AuditLineKind | ''>('');
  const { data } = auditApi.useAuditInfoQuery({ id: audit.id });
  const row = data ?? audit;
  const columns = useMemo<TableColumn<AuditLine>[]>(() => [
    {
      field: 'kind', headerName: t('audit.line.kind'), width: 120,
      renderCell: ({ row: l }) => <Chip size="small" color={TONE[l.kind as AuditLineKind] ?? 'default'} label={AUDIT_LINE_NAMES[l.kind as AuditLineKind]?.[lang] ?? l.kind} />,
    },
    { field: 'code', headerName: t('audit.line.code'), width: 150 },
    { field: 'materialName', headerName: t('audit.line.gas'), width: 90 },
    { field: 'specification', headerName: t('audit.line.spec'), width: 80 },
    { field: 'status', headerName: t('audit.line.status'), width: 100, valueFormatter: (v: number | null) => (v === null ? '' : statusLabel(t, v)) },
    { field: 'moved', headerName: t('audit.line.movedFlag'), width: 70, valueFormatter: (v: boolean) => (v ? '✓' : '') },
    { field: 'note', headerName: t('audit.line.note'), flex: 1, minWidth: 240 },
  ], [t, lang]);

  const count = (k: AuditLineKind) => ({ found: row.found, unexpected: row.unexpected, unknown: row.unknown, missing: row.missing })[k];
  return (
    <AppDialog open title={t('audit.detailTitle', { auditNo: row.auditNo })} width="80%" onClose={onClose} footer={false}>
      <Stack direction="row" spacing={3} sx={{ mb: 1, flexWrap: 'wrap' }} data-testid="audit-summary">
        <Typography>{t('audit.customer')}：{row.customerName}</Typography>
        <Typography>{t('audit.countedAt')}：{row.countedAt}</Typography>
        <Typography>{t('audit.counted')}：{row.counted}</Typography>
        <Typography>{t('audit.status')}：{t(row.status === 1 ? 'audit.status.1' : 'audit.status.0')}</Typography>
        {row.status === 1 && <Typography>{t('audit.reconciledAt')}：{row.reconciledAt}（{row.reconciledBy}）</Typography>}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        {row.status === 0 && (
          <HasPermission keys={['audit:reconcile']}>
            <Button variant="contained" color="warning" onClick={() => onReconcile(row)}>{t('audit.reconcile')}</Button>
          </HasPermission>
        )}
        <ExportButton endpoint={AUDIT.pdf} arg={{ id: row.id }} permission="audit:view" label={t('audit.exportPdf')} />
        <ExportButton endpoint={AUDIT.xlsx} arg={{ id: row.id }} permission="audit:view" label={t('audit.exportXlsx')} />
      </Stack>
      {row.status === 0 ? <Typography color="text.secondary">{t('audit.notReconciled')}</Typography> : (
        <Box>
          <Tabs value={kind} onChange={(_e, v: AuditLineKind | '') => setKind(v)}>
            <Tab value="" label={t('audit.allLines')} />
            {AUDIT_LINE_KINDS.map((k) => <Tab key={k} value={k} label={`${AUDIT_LINE_NAMES[k][lang]} ${count(k)}`} />)}
          </Tabs>
          <PaginatedTable<AuditLine> query={auditApi.useAuditLinesQuery} columns={columns} filters={{ auditId: row.id, kind }} height={420} testId="audit-lines" />
        </Box>
      )}
    </AppDialog>
  );
}
