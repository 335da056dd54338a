import type { ReactNode } from 'react';
import { Box, Button, LinearProgress, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { MaterialTestRow, OrderItemRow, OrderLine, PrintEntry, SignInfo } from '@shared/api/storage';
import { dateTime } from '@renderer/stations/format';
import { statusLabel } from '@renderer/utils/productStatus';
import { useT } from '@renderer/i18n/useT';
import type { MessageKey } from '@renderer/i18n/messages';
import { STATUS } from '@shared/lifecycle';

const lineName = (l: OrderLine) => `${l.materialName ?? ''}${l.specification ? ` ${l.specification}` : ''}`;

/** Each line's gas, specification and progress `scanned / quantity`, green when full. */
export function LineProgress({ lines }: { lines: OrderLine[] }) {
  const t = useT();
  return (
    <Stack spacing={0.75} aria-label={t('storage.lines')} role="list">
      {lines.map((l) => {
        const full = l.scanned >= l.quantity;
        return (
          <Box key={l.id} role="listitem" data-line-id={l.id} sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={lineName(l)}>
                {l.materialName ?? '—'}{l.specification ? <Box component="span" sx={{ color: 'text.secondary' }}> {l.specification}</Box> : null}
              </Typography>
              <Typography data-testid="line-progress" data-full={full} sx={{ fontWeight: 700, fontSize: 18, color: full ? 'success.main' : 'text.primary', whiteSpace: 'nowrap' }}>
                {`${l.scanned} / ${l.quantity}`}
              </Typography>
            </Stack>
            <LinearProgress variant="determinate" value={Math.min(100, (l.scanned / Math.max(1, l.quantity)) * 100)} color={full ? 'success' : 'primary'} sx={{ height: 6, borderRadius: 1 }} />
          </Box>
        );
      })}
    </Stack>
  );
}

/** A small table of label → cells, scrolling inside itself when long. */
export function SimpleTable({ label, heads, rows, empty, maxHeight = 360 }: {
  label: string;
  heads: MessageKey[];
  rows: { key: string | number; cells: ReactNode[]; struck?: boolean }[];
  empty?: string;
  maxHeight?: number;
}) {
  const t = useT();
  return (
    <TableContainer sx={{ maxHeight }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>{heads.map((h) => <TableCell key={h} sx={{ whiteSpace: 'nowrap' }}>{t(h)}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow><TableCell colSpan={heads.length} sx={{ color: 'text.secondary', textAlign: 'center' }}>{empty ?? t('common.noData')}</TableCell></TableRow>
          )}
          {rows.map((r) => (
            <TableRow key={r.key} sx={r.struck ? { '& td': { color: 'text.disabled', textDecoration: 'line-through' } } : undefined}>
              {r.cells.map((c, i) => <TableCell key={i}>{c}</TableCell>)}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The cylinders scanned onto an order; with `onRemove` (an open order), 移出 on each one still on it. */
export function ScannedList({ items, onRemove }: { items: OrderItemRow[]; onRemove?: (row: OrderItemRow) => void }) {
  const t = useT();
  const heads: MessageKey[] = ['storage.no', 'storage.code', 'storage.gas', 'storage.spec', 'storage.cylinderStatus', 'storage.scannedAt', 'storage.operator'];
  return (
    <SimpleTable label={t('storage.scannedCylinders')}
      heads={onRemove ? [...heads, 'common.actions'] : heads}
      rows={items.map((r, i) => ({
        key: r.id, struck: r.reverted,
        cells: [
          i + 1, r.code, r.materialName ?? '', r.specification ?? '', statusLabel(t, r.status), dateTime(r.at), r.operator ?? '',
          ...(onRemove ? [!r.reverted && r.status === STATUS.scanned
            ? <Button size="small" color="warning" onClick={() => onRemove(r)} aria-label={t('storage.removeOne', { code: r.code })}>{t('storage.remove')}</Button>
            : null] : []),
        ],
      }))} />
  );
}

export function SignView({ sign }: { sign: SignInfo | undefined }) {
  const t = useT();
  if (!sign) return <Typography color="text.secondary" sx={{ p: 1 }}>{t('storage.notSigned')}</Typography>;
  return (
    <Stack spacing={1} sx={{ p: 1 }} data-testid="sign-info">
      <Typography variant="body2">{t('storage.signedBy', { name: sign.signName, at: dateTime(sign.signedAt), by: sign.signedBy ?? '—' })}</Typography>
      <Box component="img" src={sign.image} alt={t('storage.signImage')} sx={{ maxWidth: 500, width: '100%', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }} />
    </Stack>
  );
}

export function PrintList({ prints }: { prints: PrintEntry[] }) {
  const t = useT();
  return (
    <SimpleTable label={t('storage.prints')} heads={['storage.printedAt', 'storage.documents', 'storage.printedBy']} empty={t('storage.neverPrinted')}
      rows={prints.map((p, i) => ({ key: i, cells: [dateTime(p.at), p.documents.join('、'), p.by ?? ''] }))} />
  );
}

/** 质量证明书: each shipped cylinder's inspection after filling. */
export function MaterialTestTable({ rows }: { rows: MaterialTestRow[] }) {
  const t = useT();
  return (
    <SimpleTable label={t('storage.certificate')}
      heads={['storage.code', 'storage.gas', 'storage.testResult', 'storage.testItems', 'storage.tester', 'storage.testedAt']}
      rows={rows.map((r) => ({
        key: r.cylinderId,
        cells: r.record
          ? [
            r.code, r.record.materialName ?? '',
            <Typography key="r" variant="inherit" component="span" color={r.record.result === 1 ? 'success.main' : 'error'} sx={{ fontWeight: 600 }}>
              {r.record.result === 1 ? t('storage.pass') : t('storage.fail')}
            </Typography>,
            r.record.items.map((i) => `${i.projectName}：${i.value ?? i.text ?? ''}${i.unit ?? ''}`).join('；'),
            r.record.operator ?? '', dateTime(r.record.createdAt),
          ]
          : [r.code, '', <Typography key="n" variant="inherit" component="span" color="text.secondary">{t('storage.noTest')}</Typography>, '', '', ''],
      }))} />
  );
}
