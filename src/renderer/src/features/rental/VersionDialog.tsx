import { useState } from 'react';
import dayjs from 'dayjs';
import {
  Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import { RENTAL_METHODS, RENTAL_METHOD_NAMES, type AgreementLine, type AgreementVersion, type RentalMethod } from '@shared/api/rental';
import { centsOf, yuan } from '@shared/rental/money';
import { AppDialog } from '@renderer/components/AppDialog';
import { DateField } from '@renderer/components/RangePicker';
import { useMaterialOptions } from '@renderer/features/lookups';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { rentalApi } from './rentalApi';

/** A line as typed: money in yuan text (read back to exact cents), days as text. */
interface LineDraft { materialId: number | ''; specification: string; method: RentalMethod; rate: string; freeDays: string; cap: string; deposit: string }

const MAX_LINES = 40;
const DAYS = /^\d{1,4}$/;
const blank = (): LineDraft => ({ materialId: '', specification: '', method: 'daily', rate: '', freeDays: '0', cap: '', deposit: '0' });
const draftOf = (l: AgreementLine): LineDraft => ({
  materialId: l.materialId ?? '', specification: l.specification ?? '', method: l.method, rate: yuan(l.rateCents), freeDays: String(l.freeDays),
  cap: l.capCents === null ? '' : yuan(l.capCents), deposit: yuan(l.depositCents),
});

/** What is wrong with each typed field of a line (null: fine), and the line in cents when nothing is. */
type LineErrors = Partial<Record<'rate' | 'freeDays' | 'cap' | 'deposit', boolean>>;
function readLine(d: LineDraft): { errors: LineErrors; line: AgreementLine | null } {
  const rate = d.method === 'none' ? 0 : centsOf(d.rate);
  const freeDays = d.method === 'daily' && DAYS.test(d.freeDays.trim()) && Number(d.freeDays) <= 3650 ? Number(d.freeDays) : d.method === 'daily' ? null : 0;
  const cap = d.method !== 'daily' || d.cap.trim() === '' ? null : centsOf(d.cap);
  const capBad = d.method === 'daily' && d.cap.trim() !== '' && cap === null;
  const deposit = centsOf(d.deposit);
  const errors: LineErrors = { rate: rate === null, freeDays: freeDays === null, cap: capBad, deposit: deposit === null };
  if (rate === null || freeDays === null || capBad || deposit === null) return { errors, line: null };
  const spec = d.specification.trim();
  return {
    errors,
    line: {
      materialId: d.materialId === '' ? null : d.materialId, specification: spec === '' ? null : spec, method: d.method,
      rateCents: rate, freeDays, capCents: cap, depositCents: deposit,
    },
  };
}

/**
 * 新增协议版本: its valid-from date (the first day of next month by default), the monthly minimum, whether a held
 * deposit offsets the rental, and its lines, started from the latest version's. Money is typed in yuan and sent as exact
 * integer cents; the server refuses a date inside a month already issued.
 */
export function VersionDialog({ agreementId, name, from, onClose }: { agreementId: number; name: string; from: AgreementVersion | null; onClose: () => void }) {
  const t = useT();
  const lang = useLanguage().startsWith('en') ? 'en' : 'zh';
  const materials = useMaterialOptions();
  const [save] = rentalApi.useSaveVersionMutation();
  const [validFrom, setValidFrom] = useState(() => dayjs().add(1, 'month').startOf('month').format('YYYY-MM-DD'));
  const [minimum, setMinimum] = useState(from ? yuan(from.minimumMonthCents) : '0');
  const [offset, setOffset] = useState(from?.depositOffsetsRental ?? false);
  const [lines, setLines] = useState<LineDraft[]>(() => (from ? from.lines.map(draftOf) : [blank()]));
  const [tried, setTried] = useState(false);

  const read = lines.map(readLine);
  const minimumCents = centsOf(minimum);
  const dateOk = /^\d{4}-\d{2}-\d{2}$/.test(validFrom);
  const set = (i: number, patch: Partial<LineDraft>) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const show = (i: number, k: 'rate' | 'freeDays' | 'cap' | 'deposit') => tried && read[i]!.errors[k] === true;

  const submit = async () => {
    setTried(true);
    const ready = read.map((r) => r.line);
    if (!dateOk || minimumCents === null || lines.length === 0 || ready.some((l) => l === null)) throw new Error('invalid');
    await save({ agreementId, validFrom, minimumMonthCents: minimumCents, depositOffsetsRental: offset, lines: ready as AgreementLine[] }).unwrap();
    notify(t('rental.versionSaved', { date: validFrom }), 'success');
    onClose();
  };

  return (
    <AppDialog open width="90%" title={t('rental.addVersionTitle', { name })} onClose={onClose} onSubmit={submit} unsaved>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <DateField label={t('rental.validFrom')} value={validFrom} valueFormat="YYYY-MM-DD" onChange={(v) => setValidFrom(v ?? '')}
            error={tried && !dateOk} helperText={tried && !dateOk ? t('rental.validFromRequired') : undefined} />
          <TextField size="small" label={t('rental.minimumMonth')} value={minimum} onChange={(e) => setMinimum(e.target.value)}
            error={tried && minimumCents === null} helperText={tried && minimumCents === null ? t('rental.badAmount') : undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 16 } }} />
          <FormControlLabel control={<Checkbox checked={offset} onChange={(e) => setOffset(e.target.checked)} />} label={t('rental.offset')} />
        </Stack>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="version-lines">
            <TableHead>
              <TableRow>
                {(['material', 'spec', 'method', 'rate', 'freeDays', 'cap', 'deposit'] as const).map((k) => <TableCell key={k}>{t(`rental.line.${k}`)}</TableCell>)}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((l, i) => {
                const label = (k: 'material' | 'spec' | 'method' | 'rate' | 'freeDays' | 'cap' | 'deposit') => `${t(`rental.line.${k}`)} ${i + 1}`;
                const money = (k: 'rate' | 'cap' | 'deposit', value: string, disabled: boolean, placeholder?: string) => (
                  <TextField size="small" fullWidth value={disabled ? '' : value} disabled={disabled} placeholder={placeholder}
                    onChange={(e) => set(i, { [k]: e.target.value })} error={show(i, k)} helperText={show(i, k) ? t('rental.badAmount') : undefined}
                    slotProps={{ htmlInput: { 'aria-label': label(k), inputMode: 'decimal', maxLength: 16 } }} />
                );
                return (
                  <TableRow key={i}>
                    <TableCell sx={{ minWidth: 130 }}>
                      <TextField select size="small" fullWidth value={l.materialId}
                        onChange={(e) => set(i, { materialId: e.target.value === '' ? '' : Number(e.target.value) })}
                        slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'aria-label': label('material') } } }}>
                        <MenuItem value="">{t('rental.anyMaterial')}</MenuItem>
                        {materials.map((m) => <MenuItem key={m.value} value={m.value}>{m.label}</MenuItem>)}
                      </TextField>
                    </TableCell>
                    <TableCell sx={{ minWidth: 100 }}>
                      <TextField size="small" fullWidth value={l.specification} placeholder={t('rental.anySpec')}
                        onChange={(e) => set(i, { specification: e.target.value })} slotProps={{ htmlInput: { 'aria-label': label('spec'), maxLength: 32 } }} />
                    </TableCell>
                    <TableCell sx={{ minWidth: 150 }}>
                      <TextField select size="small" fullWidth value={l.method} onChange={(e) => set(i, { method: e.target.value as RentalMethod })}
                        slotProps={{ select: { SelectDisplayProps: { 'aria-label': label('method') } } }}>
                        {RENTAL_METHODS.map((m) => <MenuItem key={m} value={m}>{RENTAL_METHOD_NAMES[m][lang]}</MenuItem>)}
                      </TextField>
                    </TableCell>
                    <TableCell sx={{ minWidth: 110 }}>
                      {money('rate', l.rate, l.method === 'none', l.method === 'daily' ? t('rental.line.rateDaily') : t('rental.line.rateMonthly'))}
                    </TableCell>
                    <TableCell sx={{ minWidth: 80 }}>
                      <TextField size="small" fullWidth value={l.method === 'daily' ? l.freeDays : ''} disabled={l.method !== 'daily'}
                        onChange={(e) => set(i, { freeDays: e.target.value })} error={show(i, 'freeDays')} helperText={show(i, 'freeDays') ? t('rental.badDays') : undefined}
                        slotProps={{ htmlInput: { 'aria-label': label('freeDays'), inputMode: 'numeric', maxLength: 4 } }} />
                    </TableCell>
                    <TableCell sx={{ minWidth: 110 }}>{money('cap', l.cap, l.method !== 'daily', t('rental.noCap'))}</TableCell>
                    <TableCell sx={{ minWidth: 100 }}>{money('deposit', l.deposit, false)}</TableCell>
                    <TableCell padding="none">
                      <Tooltip title={t('rental.removeLine')}>
                        <span>
                          <IconButton aria-label={t('rental.removeLine')} disabled={lines.length === 1} onClick={() => setLines((ls) => ls.filter((_l, j) => j !== i))}>
                            <DeleteOutline />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button variant="outlined" disabled={lines.length >= MAX_LINES} onClick={() => setLines((ls) => [...ls, blank()])}>{t('rental.addLine')}</Button>
          {tried && lines.length === 0 && <Typography color="error">{t('rental.lineNeeded')}</Typography>}
        </Stack>
      </Stack>
    </AppDialog>
  );
}
