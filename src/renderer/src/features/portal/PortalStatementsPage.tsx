import { useState } from 'react';
import {
  Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import { PORTAL } from '@shared/api/portal';
import { PageLoading } from '@renderer/components/PageLoading';
import { useT } from '@renderer/i18n/useT';
import { downloadEndpoint } from '@renderer/store/endpoints';
import { yuan } from './format';
import { portalApi } from './portalApi';

const download = (id: number) => downloadEndpoint(PORTAL.statementPdf, { id }).catch(() => {});

/** One statement: the totals and the notes correcting it, and its PDF. */
function StatementDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useT();
  const { data } = portalApi.usePortalStatementQuery({ id });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{data ? `${data.statementNo ?? ''} · ${data.month}` : t('portal.detail')}</DialogTitle>
      <DialogContent>
        {!data ? <PageLoading /> : (
          <Stack spacing={1} data-testid="statement-detail">
            <Typography>{t('portal.rental')}：{yuan(data.rentalCents + data.minimumTopUpCents)}</Typography>
            <Typography>{t('portal.depositTaken')}：{yuan(data.depositTakenCents)}</Typography>
            <Typography>{t('portal.depositRefunded')}：{yuan(data.depositRefundedCents)}</Typography>
            {data.notes.length > 0 && <Typography variant="subtitle2">{t('portal.notes')}</Typography>}
            {data.notes.map((n) => (
              <Typography key={n.id} variant="body2">
                {n.noteNo} {n.kind === 'credit' ? t('portal.noteCredit') : t('portal.noteDebit')} {yuan(n.amountCents)} {n.reason}
              </Typography>
            ))}
            <Typography variant="h6">{t('portal.due')}：{yuan(data.dueCents)}</Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void download(id)}>{t('portal.pdf')}</Button>
        <Button variant="contained" onClick={onClose}>{t('portal.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** 对账单: the customer's issued statements (notes included in what is due), each with its detail and PDF. */
export default function PortalStatementsPage() {
  const t = useT();
  const { data, isLoading } = portalApi.usePortalStatementsQuery({ page: 1, size: 120 });
  const [open, setOpen] = useState<number | null>(null);
  if (isLoading || !data) return <PageLoading />;
  return (
    <Box sx={{ p: 2 }}>
      <Paper>
        <Table size="small">
          <TableHead>
            <TableRow>
              {(['month', 'statementNo', 'due', 'issuedAt'] as const).map((c) => <TableCell key={c}>{t(`portal.${c}`)}</TableCell>)}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.list.map((s) => (
              <TableRow key={s.id}>
                <TableCell>{s.month}</TableCell>
                <TableCell>{s.statementNo}</TableCell>
                <TableCell>{yuan(s.dueCents)}</TableCell>
                <TableCell>{s.issuedAt}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => setOpen(s.id)}>{t('portal.detail')}</Button>
                  <Button size="small" onClick={() => void download(s.id)}>{t('portal.pdf')}</Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {data.list.length === 0 && <Typography sx={{ p: 2 }} color="text.secondary">{t('portal.empty')}</Typography>}
      </Paper>
      {open !== null && <StatementDialog id={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}
