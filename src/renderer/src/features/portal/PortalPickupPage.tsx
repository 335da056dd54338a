import { useState } from 'react';
import { Box, Button, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { PICKUP_STATUS_NAMES } from '@shared/api/portal';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { portalApi } from './portalApi';

/** 申请回收空瓶: how many empties, when, a note; and the customer's requests with what the plant made of them. */
export default function PortalPickupPage() {
  const t = useT();
  const lang = useLanguage();
  const [save, { isLoading }] = portalApi.usePortalPickupSaveMutation();
  const { data } = portalApi.usePortalPickupsQuery({ page: 1, size: 50 });
  const [count, setCount] = useState('');
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const n = Number(count);
  const badCount = !Number.isInteger(n) || n < 1;
  const submit = async () => {
    setTried(true);
    if (badCount || !date) return;
    try {
      await save({ cylinders: n, wantedDate: date, note: note.trim() || null }).unwrap();
      notify(t('portal.pickupSent'), 'success');
      setCount('');
      setNote('');
      setTried(false);
    } catch {
      // The server's reason is shown by the http layer.
    }
  };
  return (
    <Box sx={{ p: 2 }}>
      <Paper sx={{ p: 2, mb: 2 }}>
        <Stack spacing={2} sx={{ maxWidth: 420 }}>
          <TextField type="number" label={t('portal.pickupCount')} value={count} onChange={(e) => setCount(e.target.value)} required
            error={tried && badCount} helperText={tried && badCount ? t('portal.pickupCountRequired') : ' '} slotProps={{ htmlInput: { min: 1, max: 100000 } }} />
          <TextField type="date" label={t('portal.pickupDate')} value={date} onChange={(e) => setDate(e.target.value)} required
            error={tried && !date} helperText={tried && !date ? t('portal.pickupDateRequired') : ' '} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField label={t('portal.pickupNote')} value={note} onChange={(e) => setNote(e.target.value)} multiline slotProps={{ htmlInput: { maxLength: 255 } }} />
          <Box><Button variant="contained" disabled={isLoading} onClick={() => void submit()}>{t('portal.pickupSubmit')}</Button></Box>
        </Stack>
      </Paper>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>{t('portal.pickupMine')}</Typography>
      <Paper>
        <Table size="small">
          <TableHead>
            <TableRow>
              {(['requestedAt', 'pickupCount', 'pickupDate', 'pickupNote', 'status'] as const).map((c) => <TableCell key={c}>{t(`portal.${c}`)}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.list ?? []).map((p) => (
              <TableRow key={p.id}>
                <TableCell>{p.createdAt}</TableCell>
                <TableCell>{p.cylinders}</TableCell>
                <TableCell>{p.wantedDate}</TableCell>
                <TableCell>{p.note}</TableCell>
                <TableCell>{lang === 'en' ? PICKUP_STATUS_NAMES[p.status].en : PICKUP_STATUS_NAMES[p.status].zh}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Box>
  );
}
