import { useState } from 'react';
import { Box, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { ScanInput } from '@renderer/components/ScanInput';
import { lookupsApi } from '@renderer/features/lookups';
import { useT } from '@renderer/i18n/useT';
import { newScanId } from '@renderer/stations/scan';
import type { QueryError } from '@renderer/store/api';
import { tripApi } from '../tripApi';

interface Entry { n: number; code: string; ok: boolean; message: string }

/**
 * 回厂卸车: an undelivered full cylinder of the trip back into a finished-goods warehouse. Each scan is one call with a
 * new scanId; its answer or refusal joins the list, newest first.
 */
export function UnloadPanel({ tripId }: { tripId: number }) {
  const t = useT();
  const { data: warehouses } = lookupsApi.useWarehouseOptionsQuery({});
  const finished = (warehouses ?? []).filter((w) => w.kind === 'finished');
  const [warehouseId, setWarehouseId] = useState<number | ''>('');
  const [entries, setEntries] = useState<Entry[]>([]);
  const [unload] = tripApi.useUnloadTripMutation();
  const chosen = warehouseId !== '' ? warehouseId : finished.length === 1 ? finished[0]!.id : '';

  const onScan = async (code: string) => {
    if (chosen === '') throw new Error(t('trip.chooseWarehouse'));
    const add = (ok: boolean, message: string) => setEntries((all) => [{ n: (all[0]?.n ?? 0) + 1, code, ok, message }, ...all].slice(0, 200));
    try {
      const answer = await unload({ tripId, code, warehouseId: chosen, scanId: newScanId() }).unwrap();
      add(true, answer.message);
      return answer.message;
    } catch (e) {
      const message = (e as Partial<QueryError> | undefined)?.message ?? String(e);
      add(false, message);
      throw new Error(message);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>{t('trip.unload')}</Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', mb: 1 }}>
        <TextField size="small" select label={t('trip.warehouse')} value={chosen} sx={{ width: 220 }} required
          slotProps={{ inputLabel: { shrink: true } }} onChange={(e) => setWarehouseId(e.target.value === '' ? '' : Number(e.target.value))}>
          {finished.map((w) => <MenuItem key={w.id} value={w.id}>{w.warehouseName}</MenuItem>)}
        </TextField>
        <Box sx={{ flex: 1 }}>
          <ScanInput onScan={onScan} label={t('trip.scanUnload')} keepFocus={false} fullWidth size="small" />
        </Box>
      </Stack>
      <Typography variant="subtitle2">{t('trip.unloadResults')}</Typography>
      {entries.length === 0 && <Typography variant="body2" color="text.secondary">{t('trip.noScans')}</Typography>}
      <Box component="ol" aria-label={t('trip.unloadResults')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {entries.map((e) => (
          <Box component="li" key={e.n} data-kind={e.ok ? 'ok' : 'refused'}
            sx={{ display: 'flex', gap: 1, fontSize: 13, borderLeft: 3, borderColor: e.ok ? 'success.main' : 'error.main', pl: 0.75 }}>
            <Box component="span" sx={{ fontWeight: 600 }}>{e.code}</Box>
            <Box component="span" sx={{ color: e.ok ? 'success.main' : 'error.main' }}>{t(e.ok ? 'trip.unloadOk' : 'trip.unloadRefused')}</Box>
            <Box component="span">{e.message}</Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
