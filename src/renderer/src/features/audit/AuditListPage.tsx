import { useMemo, useState } from 'react';
import type { AuditRow } from '@shared/api/audit';
import type { FormField, FormValues } from '@renderer/components/Form';
import { ListPage, useActionsColumn, useConfirm, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useCustomerOptions } from '@renderer/features/lookups';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { auditApi } from './auditApi';
import { AuditDetailDialog } from './AuditDetailDialog';

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The bar's values as the list's: the day range as dateFrom / dateTo. */
function toQuery(v: FormValues): Record<string, unknown> {
  const range = (v.date as [string | null, string | null] | null | undefined) ?? [null, null];
  return {
    auditNo: text(v.auditNo), customerId: v.customerId || undefined, status: v.status === 0 || v.status === 1 ? v.status : undefined,
    dateFrom: range[0] || undefined, dateTo: range[1] || undefined,
  };
}

/** 客户盘点 (/storage/audit): the counts the field app submitted, their reconciliation, their report. */
export default function AuditListPage() {
  const t = useT();
  const filters = useListFilters();
  const customers = useCustomerOptions();
  const confirm = useConfirm();
  const [reconcile] = auditApi.useReconcileAuditMutation();
  const [open, setOpen] = useState<AuditRow | null>(null);

  const fields: FormField[] = [
    { key: 'auditNo', label: t('audit.auditNo') },
    { key: 'customerId', label: t('audit.customer'), type: 'select', options: customers },
    { key: 'status', label: t('audit.status'), type: 'select', options: [{ label: t('audit.status.0'), value: 0 }, { label: t('audit.status.1'), value: 1 }] },
    { key: 'date', label: t('audit.countedAt'), type: 'daterange', span: 8 },
  ];
  const askReconcile = (row: AuditRow) => confirm({
    title: t('audit.reconcile'),
    message: t('audit.reconcileConfirm', { auditNo: row.auditNo, customer: row.customerName }),
    action: async () => {
      const done = await reconcile({ id: row.id }).unwrap();
      notify(t('audit.reconciled', { auditNo: done.auditNo, found: done.found, unexpected: done.unexpected, moved: done.moved, missing: done.missing, lost: done.lost }), 'success');
      setOpen((o) => (o?.id === done.id ? done : o));
    },
  });
  const actions = useActionsColumn<AuditRow>([
    { label: t('audit.detail'), onClick: (row) => setOpen(row) },
    { label: t('audit.reconcile'), permission: 'audit:reconcile', show: (row: AuditRow) => row.status === 0, onClick: (row) => void askReconcile(row) },
  ]);
  const columns = useMemo<TableColumn<AuditRow>[]>(() => [
    { field: 'auditNo', headerName: t('audit.auditNo'), width: 170 },
    { field: 'customerName', headerName: t('audit.customer'), flex: 1, minWidth: 140 },
    { field: 'countedAt', headerName: t('audit.countedAt'), width: 160 },
    { field: 'countedBy', headerName: t('audit.countedBy'), width: 90 },
    { field: 'counted', headerName: t('audit.counted'), width: 80 },
    { field: 'status', headerName: t('audit.status'), width: 80, valueFormatter: (v: number) => t(v === 1 ? 'audit.status.1' : 'audit.status.0') },
    { field: 'found', headerName: t('audit.found'), width: 80 },
    { field: 'unexpected', headerName: t('audit.unexpected'), width: 110, valueGetter: (_v, r) => (r.status === 1 ? `${r.unexpected}（${t('audit.moved')} ${r.moved}）` : '') },
    { field: 'missing', headerName: t('audit.missing'), width: 110, valueGetter: (_v, r) => (r.status === 1 ? `${r.missing}（${t('audit.lost')} ${r.lost}）` : '') },
    { field: 'unknown', headerName: t('audit.unknown'), width: 90 },
    { field: 'reconciledAt', headerName: t('audit.reconciledAt'), width: 160 },
    actions,
  ], [t, actions]);

  return (
    <ListPage<AuditRow> fields={fields} filters={filters} toQuery={toQuery} query={auditApi.useAuditPageQuery} columns={columns} stateKey="audit.table">
      {open && <AuditDetailDialog audit={open} onClose={() => setOpen(null)} onReconcile={(row) => void askReconcile(row)} />}
    </ListPage>
  );
}
