import { useEffect, useMemo, useState } from 'react';
import dayjs from 'dayjs';
import {
  Box, Button, Chip, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import { RENTAL, type DepositRow, type RentalRun, type StatementKey, type StatementRow } from '@shared/api/rental';
import { yuan } from '@shared/rental/money';
import type { FormField, FormValues } from '@renderer/components/Form';
import { ListPage, useActionsColumn, useFormDialog, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { TabbedPage, type PageTab } from '@renderer/components/TabbedPage';
import { useCustomerOptions } from '@renderer/features/lookups';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { downloadEndpoint } from '@renderer/store/endpoints';
import { rentalApi } from './rentalApi';
import { StatementDetailDialog } from './StatementDetailDialog';

/** Statements are issued after a month ends: last month is the one the office works on. */
const lastMonth = () => dayjs().subtract(1, 'month').format('YYYY-MM');
const RUN_POLL_MS = 2_000;

function toQuery(v: FormValues): Record<string, unknown> {
  return { ...(typeof v.month === 'string' && v.month ? { month: v.month } : {}), ...(v.customerId ? { customerId: v.customerId } : {}) };
}

/** 对账单: the issued statements; 预览 / 出具 for a customer and month; 导出应收 of a month for the accounting package. */
function StatementsTab() {
  const t = useT();
  const customers = useCustomerOptions();
  const filters = useListFilters({}, 'rental.statements');
  const [open, setOpen] = useState<{ id: number } | { preview: StatementKey } | null>(null);
  const monthField = (key: string): FormField => ({ key, label: t('rental.month'), type: 'month', valueFormat: 'YYYY-MM', rules: [{ required: true, message: t('rental.monthRequired') }] });

  const previewForm = useFormDialog<null>({
    title: () => t('rental.previewFormTitle'),
    submitText: t('rental.previewAction'),
    width: 480,
    defaultSpan: 24,
    fields: () => [
      { key: 'customerId', label: t('rental.customer'), type: 'select', options: customers, rules: [{ required: true, message: t('rental.customerRequired') }] },
      monthField('month'),
    ],
    initialValues: () => ({ month: lastMonth() }),
    successText: false,
    submit: async (v) => setOpen({ preview: { customerId: Number(v.customerId), month: String(v.month) } }),
  });
  const exportForm = useFormDialog<null>({
    title: () => t('rental.exportTitle'),
    submitText: t('rental.export'),
    width: 420,
    defaultSpan: 24,
    fields: () => [monthField('month')],
    initialValues: () => ({ month: lastMonth() }),
    successText: false,
    // A refusal is shown by the HTTP client; the dialog stays open for another month.
    submit: (v) => downloadEndpoint(RENTAL.export, { month: String(v.month) }),
  });

  const fields: FormField[] = [
    { key: 'month', label: t('rental.month'), type: 'month', valueFormat: 'YYYY-MM' },
    { key: 'customerId', label: t('rental.customer'), type: 'select', options: customers, clearable: true },
  ];
  const actions = useActionsColumn<StatementRow>([{ label: t('rental.detail'), onClick: (r) => setOpen({ id: r.id }) }]);
  const columns = useMemo<TableColumn<StatementRow>[]>(() => [
    { field: 'statementNo', headerName: t('rental.statementNo'), width: 150 },
    { field: 'customerName', headerName: t('rental.customer'), flex: 1, minWidth: 140 },
    { field: 'month', headerName: t('rental.month'), width: 90 },
    { field: 'cylinders', headerName: t('rental.cylinders'), width: 70, type: 'number' },
    { field: 'rentalCents', headerName: t('rental.rental'), width: 100, type: 'number', valueGetter: (_v, r) => yuan(r.rentalCents + r.minimumTopUpCents) },
    { field: 'depositTakenCents', headerName: t('rental.depositTaken'), width: 100, type: 'number', valueFormatter: (v: number) => yuan(v) },
    { field: 'depositRefundedCents', headerName: t('rental.depositRefunded'), width: 100, type: 'number', valueFormatter: (v: number) => yuan(v) },
    { field: 'totalCents', headerName: t('rental.total'), width: 100, type: 'number', valueFormatter: (v: number) => yuan(v) },
    { field: 'notesCents', headerName: t('rental.notesTotal'), width: 90, type: 'number', valueFormatter: (v: number) => yuan(v) },
    { field: 'dueCents', headerName: t('rental.due'), width: 100, type: 'number', valueFormatter: (v: number) => yuan(v) },
    { field: 'issuedAt', headerName: t('rental.issuedAt'), width: 160 },
    { field: 'issuedBy', headerName: t('rental.issuedBy'), width: 90 },
    actions,
  ], [t, actions]);

  return (
    <ListPage<StatementRow> fields={fields} filters={filters} toQuery={toQuery} query={rentalApi.useStatementPageQuery} columns={columns} stateKey="rental.statements"
      actions={(
        <>
          <Button variant="contained" onClick={() => previewForm.open()}>{t('rental.preview')}</Button>
          <HasPermission keys={['statement:export']}>
            <Button variant="outlined" onClick={() => exportForm.open()}>{t('rental.export')}</Button>
          </HasPermission>
        </>
      )}>
      {previewForm.element}
      {exportForm.element}
      {open && <StatementDetailDialog key={'id' in open ? `s${open.id}` : 'preview'} which={open} onClose={() => setOpen(null)} onIssued={(id) => setOpen({ id })} />}
    </ListPage>
  );
}

/** 月结: the month's run for all customers — started once per month, its progress while it runs, 续跑 after it was cut. */
function RunsTab() {
  const t = useT();
  const [poll, setPoll] = useState(false);
  const { data: runs } = rentalApi.useRunListQuery(undefined, { pollingInterval: poll ? RUN_POLL_MS : 0 });
  const running = (runs ?? []).some((r) => r.status === 'running');
  useEffect(() => setPoll(running), [running]);
  const [start] = rentalApi.useStartRunMutation();
  const [resume] = rentalApi.useResumeRunMutation();
  const startForm = useFormDialog<null>({
    title: () => t('rental.runStart'),
    submitText: t('rental.runStart'),
    width: 480,
    defaultSpan: 24,
    fields: () => [{
      key: 'month', label: t('rental.runMonth'), type: 'month', valueFormat: 'YYYY-MM', hint: t('rental.runHint'),
      rules: [{ required: true, message: t('rental.monthRequired') }],
    }],
    initialValues: () => ({ month: lastMonth() }),
    successText: false,
    submit: async (v) => {
      await start({ month: String(v.month) }).unwrap();
      notify(t('rental.runStarted', { month: String(v.month) }), 'success');
      setPoll(true);
    },
  });
  const doResume = async (run: RentalRun) => {
    await resume({ id: run.id }).unwrap();
    notify(t('rental.resumed'), 'success');
    setPoll(true);
  };
  const statusTone = { running: 'info', done: 'success', failed: 'error' } as const;

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1}>
        <HasPermission keys={['statement:issue']}>
          <Button variant="contained" color="warning" onClick={() => startForm.open()}>{t('rental.runStart')}</Button>
        </HasPermission>
      </Stack>
      <Paper variant="outlined">
        <Table size="small" data-testid="rental-runs">
          <TableHead>
            <TableRow>
              {(['rental.month', 'rental.run.status', 'rental.run.progress', 'rental.run.skipped', 'rental.run.startedAt', 'rental.run.startedBy', 'rental.run.finishedAt', 'rental.run.error'] as const)
                .map((k) => <TableCell key={k}>{t(k)}</TableCell>)}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(runs ?? []).map((r) => (
              <TableRow key={r.id} data-testid={`run-${r.id}`}>
                <TableCell>{r.month}</TableCell>
                <TableCell><Chip size="small" color={statusTone[r.status]} label={t(`rental.run.status.${r.status}`)} /></TableCell>
                <TableCell sx={{ minWidth: 180 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Box sx={{ flex: 1 }}>
                      <LinearProgress variant="determinate" value={r.total === 0 ? 100 : Math.round((r.done / r.total) * 100)} aria-label={`${r.done} / ${r.total}`} />
                    </Box>
                    <Typography variant="body2">{r.done} / {r.total}</Typography>
                  </Stack>
                </TableCell>
                <TableCell>{r.skipped}</TableCell>
                <TableCell>{r.startedAt}</TableCell>
                <TableCell>{r.startedBy ?? ''}</TableCell>
                <TableCell>{r.finishedAt ?? ''}</TableCell>
                <TableCell>{r.error ?? ''}</TableCell>
                <TableCell>
                  {r.status !== 'done' && (
                    <HasPermission keys={['statement:issue']}>
                      <Button size="small" onClick={() => void doResume(r).catch(() => undefined)}>{t('rental.resume')}</Button>
                    </HasPermission>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {runs?.length === 0 && <Typography sx={{ p: 2 }} color="text.secondary">{t('rental.noRuns')}</Typography>}
      </Paper>
      {startForm.element}
    </Stack>
  );
}

/** 押金余额: each customer's deposits held now and the cylinders it holds. */
function DepositsTab() {
  const t = useT();
  const customers = useCustomerOptions();
  const filters = useListFilters({}, 'rental.deposits');
  const fields: FormField[] = [{ key: 'customerId', label: t('rental.customer'), type: 'select', options: customers, clearable: true }];
  const columns = useMemo<TableColumn<DepositRow>[]>(() => [
    { field: 'customerName', headerName: t('rental.customer'), flex: 1, minWidth: 160 },
    { field: 'cylinders', headerName: t('rental.heldNow'), width: 110, type: 'number' },
    { field: 'balanceCents', headerName: t('rental.depositBalance'), width: 140, type: 'number', valueFormatter: (v: number) => yuan(v) },
  ], [t]);
  return (
    <ListPage<DepositRow> fields={fields} filters={filters} toQuery={toQuery} query={rentalApi.useDepositPageQuery} columns={columns}
      getRowId={(r) => r.customerId} stateKey="rental.deposits" />
  );
}

const TABS: readonly PageTab[] = [
  { label: 'rental.tab.statements', Screen: StatementsTab },
  { label: 'rental.tab.runs', Screen: RunsTab },
  { label: 'rental.tab.deposits', Screen: DepositsTab },
];

/** 月结对账单 (/rental/statement): statements, the month's runs and the deposit balances. */
export default function StatementPage() {
  return <TabbedPage tabs={TABS} />;
}
