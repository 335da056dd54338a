import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { RENTAL, RENTAL_METHOD_NAMES, type RentalMethod, type StatementDetail, type StatementKey, type StatementLine } from '@shared/api/rental';
import { centsOf, yuan } from '@shared/rental/money';
import { AppDialog } from '@renderer/components/AppDialog';
import { ExportButton, useConfirm } from '@renderer/components/ListPage';
import { PageLoading } from '@renderer/components/PageLoading';
import { ProofImage } from '@renderer/features/trip';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { LocalGrid } from './LocalGrid';
import { rentalApi } from './rentalApi';

type Which = { id: number } | { preview: StatementKey };
type Row<T> = T & { rowId: number };
const TRACE = '/produce/traceability';
const withIds = <T extends object>(rows: T[]): Row<T>[] => rows.map((r, i) => ({ ...r, rowId: i }));

/** The totals as the statement prints them: rental, minimum top-up, deposits, the month's total, notes and what is due. */
function Totals({ s }: { s: StatementDetail }) {
  const t = useT();
  const notes = s.dueCents - s.totalCents;
  const items: [string, number][] = [
    ['rental.rental', s.rentalCents], ['rental.minimumTopUp', s.minimumTopUpCents], ['rental.depositTaken', s.depositTakenCents],
    ['rental.depositRefunded', s.depositRefundedCents], ['rental.total', s.totalCents], ['rental.notesTotal', notes], ['rental.due', s.dueCents],
  ];
  return (
    <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="statement-totals">
      {items.map(([k, v]) => <Typography key={k} sx={k === 'rental.due' ? { fontWeight: 700 } : undefined}>{t(k as 'rental.due')}：{yuan(v)}</Typography>)}
      <Typography color="text.secondary">{t('rental.depositBalance')}：{yuan(s.depositBalanceCents)}</Typography>
    </Stack>
  );
}

/** 签收凭证 of the hand-over that began a rental: the receiver's signature and the photo. */
function ProofDialog({ stopId, onClose }: { stopId: number; onClose: () => void }) {
  const t = useT();
  return (
    <AppDialog open width={420} title={t('rental.proof')} onClose={onClose} footer={false}>
      <Stack direction="row" spacing={2}>
        <ProofImage stopId={stopId} kind="signature" label={t('rental.proof')} />
        <ProofImage stopId={stopId} kind="photo" label={t('rental.proof')} />
      </Stack>
    </AppDialog>
  );
}

/**
 * 月结对账单: one customer's month — each cylinder's custody with its days and amount (the code and both ends link to the
 * trace, a hand-over to its proof of delivery), the monthly lines' balances, deposits taken and refunded, the notes, and
 * the totals. An issued statement is locked: PDF, Excel and 开具调整单 only. A preview (not issued) offers 出具.
 */
export function StatementDetailDialog({ which, onClose, onIssued }: { which: Which; onClose: () => void; onIssued?: (id: number) => void }) {
  const t = useT();
  const lang = useLanguage().startsWith('en') ? 'en' : 'zh';
  const navigate = useNavigate();
  const confirm = useConfirm();
  const isPreview = 'preview' in which;
  const issued = rentalApi.useStatementInfoQuery(isPreview ? (undefined as never) : { id: which.id }, { skip: isPreview });
  const preview = rentalApi.useStatementPreviewQuery(isPreview ? which.preview : (undefined as never), { skip: !isPreview, refetchOnMountOrArgChange: true });
  const [issue] = rentalApi.useIssueStatementMutation();
  const [addNote] = rentalApi.useIssueNoteMutation();
  const [tab, setTab] = useState(0);
  const [proof, setProof] = useState<number | null>(null);
  const s = isPreview ? preview.data : issued.data;
  const failed = isPreview ? preview.isError : issued.isError;

  const trace = useCallback((code: string, event: number | null) => void navigate(`${TRACE}?code=${encodeURIComponent(code)}${event ? `&event=${event}` : ''}`), [navigate]);
  const rows = useMemo(() => (s ? { lines: withIds(s.lines), balances: withIds(s.balances), deposits: withIds(s.deposits), notes: withIds(s.notes) } : null), [s]);

  const lineColumns = useMemo<GridColDef<Row<StatementLine>>[]>(() => [
    {
      field: 'code', headerName: t('rental.line.code'), width: 140,
      renderCell: ({ row }) => <Link component="button" type="button" title={t('rental.openTrace')} onClick={() => trace(row.code, null)}>{row.code}</Link>,
    },
    { field: 'materialName', headerName: t('rental.line.material'), width: 80 },
    { field: 'specification', headerName: t('rental.line.spec'), width: 70 },
    {
      field: 'deliveredAt', headerName: t('rental.line.deliveredAt'), width: 210,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <Link component="button" type="button" title={t('rental.openTrace')} onClick={() => trace(row.code, row.deliveredTraceId)}>{row.deliveredAt}</Link>
          {row.deliveredStopId !== null && <Link component="button" type="button" onClick={() => setProof(row.deliveredStopId)}>{t('rental.proof')}</Link>}
        </Stack>
      ),
    },
    {
      field: 'returnedAt', headerName: t('rental.line.returnedAt'), width: 160,
      renderCell: ({ row }) => (row.returnedAt
        ? <Link component="button" type="button" title={t('rental.openTrace')} onClick={() => trace(row.code, row.returnedTraceId)}>{row.returnedAt}</Link> : ''),
    },
    { field: 'method', headerName: t('rental.line.method'), width: 110, valueFormatter: (v: string) => RENTAL_METHOD_NAMES[v as RentalMethod]?.[lang] ?? v },
    { field: 'daysHeld', headerName: t('rental.line.daysHeld'), width: 80, type: 'number' },
    { field: 'freeDays', headerName: t('rental.line.free'), width: 60, type: 'number' },
    { field: 'daysCharged', headerName: t('rental.line.daysCharged'), width: 80, type: 'number' },
    { field: 'rateCents', headerName: t('rental.line.rate'), width: 90, type: 'number', valueFormatter: (v: number) => yuan(v) },
    { field: 'amountCents', headerName: t('rental.line.amount'), width: 100, type: 'number', valueFormatter: (v: number) => yuan(v) },
    {
      field: 'exempt', headerName: t('rental.line.note'), flex: 1, minWidth: 120,
      valueGetter: (_v, r) => (r.exempt ? t(`rental.exempt.${r.exempt}`) : r.capped ? t('rental.capped') : r.method === 'monthEnd' || r.method === 'monthPeak' ? t('rental.monthlyLine') : ''),
    },
  ], [t, lang, trace]);
  const balanceColumns = useMemo<GridColDef<Row<StatementDetail['balances'][number]>>[]>(() => [
    { field: 'materialName', headerName: t('rental.line.material'), width: 100, valueGetter: (v: string | null) => v ?? t('rental.anyMaterial') },
    { field: 'specification', headerName: t('rental.line.spec'), width: 100, valueGetter: (v: string | null) => v ?? t('rental.anySpec') },
    { field: 'method', headerName: t('rental.line.method'), width: 130, valueFormatter: (v: string) => RENTAL_METHOD_NAMES[v as RentalMethod]?.[lang] ?? v },
    { field: 'balance', headerName: t('rental.balance'), width: 130, type: 'number' },
    { field: 'rateCents', headerName: t('rental.line.rate'), width: 100, type: 'number', valueFormatter: (v: number) => yuan(v) },
    { field: 'days', headerName: t('rental.days'), width: 90, type: 'number' },
    { field: 'amountCents', headerName: t('rental.line.amount'), width: 110, type: 'number', valueFormatter: (v: number) => yuan(v) },
  ], [t, lang]);
  const depositColumns = useMemo<GridColDef<Row<StatementDetail['deposits'][number]>>[]>(() => [
    {
      field: 'code', headerName: t('rental.line.code'), width: 150,
      renderCell: ({ row }) => <Link component="button" type="button" onClick={() => trace(row.code, row.traceId)}>{row.code}</Link>,
    },
    { field: 'kind', headerName: t('rental.depositKind'), width: 90, valueFormatter: (v: string) => t(v === 'taken' ? 'rental.depositKind.taken' : 'rental.depositKind.refunded') },
    { field: 'at', headerName: t('rental.at'), width: 170 },
    { field: 'amountCents', headerName: t('rental.line.amount'), width: 110, type: 'number', valueFormatter: (v: number) => yuan(v) },
  ], [t, trace]);
  const noteColumns = useMemo<GridColDef<Row<StatementDetail['notes'][number]>>[]>(() => [
    { field: 'noteNo', headerName: t('rental.noteNo'), width: 170 },
    { field: 'kind', headerName: t('rental.noteKind'), width: 150, valueFormatter: (v: string) => t(v === 'credit' ? 'rental.note.credit' : 'rental.note.debit') },
    { field: 'amountCents', headerName: t('rental.noteAmount'), width: 110, type: 'number', valueFormatter: (v: number) => yuan(v) },
    { field: 'reason', headerName: t('rental.noteReason'), flex: 1, minWidth: 160 },
    { field: 'createdAt', headerName: t('rental.createdAt'), width: 160 },
    { field: 'createdBy', headerName: t('rental.createdByCol'), width: 90 },
  ], [t]);

  const askIssue = (d: StatementDetail) => confirm({
    title: t('rental.issue'),
    message: t('rental.issueConfirm', { customer: d.customerName, month: d.month }),
    action: async () => {
      const saved = await issue({ customerId: d.customerId, month: d.month }).unwrap();
      notify(t('rental.issued', { customer: d.customerName, month: d.month }), 'success');
      onIssued?.(saved.id);
    },
  });
  const askNote = (d: StatementDetail) => confirm({
    title: t('rental.noteTitle', { no: d.statementNo ?? '' }),
    message: '',
    width: 520,
    fields: [
      { key: 'kind', label: t('rental.noteKind'), type: 'radio', rules: [{ required: true }], options: [{ label: t('rental.note.credit'), value: 'credit' }, { label: t('rental.note.debit'), value: 'debit' }] },
      {
        key: 'amount', label: t('rental.noteAmount'), maxLength: 16,
        rules: [{ required: true }, { validator: (v) => (typeof v === 'string' && (centsOf(v) ?? 0) > 0 ? undefined : t('rental.badAmount')) }],
      },
      { key: 'reason', label: t('rental.noteReason'), type: 'textarea', maxLength: 255, rules: [{ required: true }] },
    ],
    action: async (v) => {
      await addNote({ statementId: d.id!, kind: v.kind as 'credit' | 'debit', amountCents: centsOf(String(v.amount))!, reason: String(v.reason).trim() }).unwrap();
      notify(t('rental.noteSaved'), 'success');
    },
  });

  const title = !s ? '' : isPreview ? t('rental.previewTitle', { customer: s.customerName, month: s.month }) : t('rental.detailTitle', { no: s.statementNo ?? '' });
  return (
    <AppDialog open width="90%" title={title} onClose={onClose} footer={false}>
      {!s ? (failed ? <Typography color="text.secondary">{t('common.noData')}</Typography> : <PageLoading />) : (
        <Stack spacing={1} data-testid="statement-detail">
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {s.statementNo && <Typography data-testid="statement-no">{t('rental.statementNo')}：{s.statementNo}</Typography>}
            <Typography>{t('rental.customer')}：{s.customerName}</Typography>
            <Typography>{t('rental.month')}：{s.month}</Typography>
            {s.issuedAt && <Typography>{t('rental.issuedAt')}：{s.issuedAt}（{s.issuedBy ?? ''}）</Typography>}
          </Stack>
          {isPreview && <Alert severity="info">{t('rental.previewNote')}</Alert>}
          <Totals s={s} />
          <Stack direction="row" spacing={1}>
            {isPreview ? (
              <HasPermission keys={['statement:issue']}>
                <Button variant="contained" color="warning" onClick={() => void askIssue(s)}>{t('rental.issue')}</Button>
              </HasPermission>
            ) : (
              <>
                <ExportButton endpoint={RENTAL.statementPdf} arg={{ id: s.id! }} permission="statement:view" label={t('rental.pdf')} />
                <ExportButton endpoint={RENTAL.statementExcel} arg={{ id: s.id! }} permission="statement:view" label={t('rental.excel')} />
                <HasPermission keys={['statement:note']}>
                  <Button variant="outlined" color="warning" onClick={() => void askNote(s)}>{t('rental.addNote')}</Button>
                </HasPermission>
              </>
            )}
          </Stack>
          <Box>
            <Tabs value={tab} onChange={(_e, v: number) => setTab(v)}>
              <Tab label={t('rental.lines', { count: s.lines.length })} />
              <Tab label={t('rental.balancesTab', { count: s.balances.length })} />
              <Tab label={t('rental.depositsTab', { count: s.deposits.length })} />
              <Tab label={t('rental.notesTab', { count: s.notes.length })} />
            </Tabs>
            {tab === 0 && <LocalGrid rows={rows!.lines} columns={lineColumns} testId="statement-lines" />}
            {tab === 1 && <LocalGrid rows={rows!.balances} columns={balanceColumns} testId="statement-balances" />}
            {tab === 2 && <LocalGrid rows={rows!.deposits} columns={depositColumns} testId="statement-deposits" />}
            {tab === 3 && <LocalGrid rows={rows!.notes} columns={noteColumns} testId="statement-notes" />}
          </Box>
          {proof !== null && <ProofDialog stopId={proof} onClose={() => setProof(null)} />}
        </Stack>
      )}
    </AppDialog>
  );
}
