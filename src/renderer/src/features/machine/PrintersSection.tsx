import { useEffect, useState } from 'react';
import { Button, IconButton, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import type { DesktopApi } from '@shared/ipc';
import type { PrinterConfig, PrinterLang, PrinterTransport } from '@shared/devices';
import { deviceErrorText, printFailureText } from '@renderer/devices/devices';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';

const LANGS: { value: PrinterLang; label: string }[] = [
  { value: 'tspl', label: 'TSPL（TSC）' },
  { value: 'zpl', label: 'ZPL（Zebra）' },
  { value: 'escpos', label: 'ESC/POS' },
];
const TRANSPORTS: PrinterTransport[] = ['tcp', 'serial', 'cups'];
const EMPTY: PrinterConfig = { name: '', lang: 'tspl', transport: 'tcp', address: '', dpi: 203 };

/** Printers of this workstation: kind, transport, address, dpi, a test print; saved in electron-store. */
export function PrintersSection({ api }: { api: DesktopApi }) {
  const t = useT();
  const [rows, setRows] = useState<PrinterConfig[]>([]);
  const [systemQueues, setSystemQueues] = useState<string[]>([]);

  useEffect(() => {
    void api.devicesListPrinters().then(setRows);
    void api.devicesListSystemPrinters().then(setSystemQueues, () => setSystemQueues([]));
  }, [api]);

  const update = (i: number, patch: Partial<PrinterConfig>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const save = async () => {
    try {
      setRows(await api.devicesSavePrinters(rows));
      notify(t('machine.saved'), 'success');
    } catch (err) {
      notify(deviceErrorText(err));
    }
  };
  const testPrint = async (row: PrinterConfig) => {
    try {
      await api.devicesPrintTestPage(row);
      notify(t('machine.testPrinted', { printer: row.name }), 'success');
    } catch (err) {
      notify(printFailureText(err));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" gutterBottom>
        {t('machine.printers')}
      </Typography>
      <Stack spacing={1}>
        {rows.length === 0 && <Typography color="text.secondary">{t('common.noData')}</Typography>}
        {rows.map((row, i) => (
          <Stack key={i} direction="row" spacing={1} data-testid="printer-row" sx={{ alignItems: 'center' }}>
            <TextField size="small" label={t('machine.printerName')} value={row.name} onChange={(e) => update(i, { name: e.target.value })} />
            <TextField select size="small" label={t('machine.printerKind')} value={row.lang} onChange={(e) => update(i, { lang: e.target.value as PrinterLang })} sx={{ width: 150 }}>
              {LANGS.map((l) => (
                <MenuItem key={l.value} value={l.value}>
                  {l.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField select size="small" label={t('machine.transport')} value={row.transport} onChange={(e) => update(i, { transport: e.target.value as PrinterTransport })} sx={{ width: 150 }}>
              {TRANSPORTS.map((tr) => (
                <MenuItem key={tr} value={tr}>
                  {t(`machine.transport.${tr}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={t('machine.address')}
              placeholder={row.transport === 'tcp' ? '10.0.0.5:9100' : row.transport === 'serial' ? 'COM3' : systemQueues[0] ?? ''}
              value={row.address}
              onChange={(e) => update(i, { address: e.target.value })}
            />
            <TextField size="small" type="number" label="DPI" value={row.dpi} onChange={(e) => update(i, { dpi: Number(e.target.value) })} sx={{ width: 90 }} />
            <Button size="small" variant="outlined" onClick={() => void testPrint(row)}>
              {t('machine.testPrint')}
            </Button>
            <IconButton aria-label={t('machine.remove')} onClick={() => setRows(rows.filter((_r, j) => j !== i))}>
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        <Stack direction="row" spacing={1}>
          <Button onClick={() => setRows([...rows, { ...EMPTY }])}>{t('machine.add')}</Button>
          <Button variant="contained" onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
