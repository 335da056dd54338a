import { useEffect, useState } from 'react';
import { Autocomplete, Stack, TextField } from '@mui/material';
import type { LabelContent } from '@shared/api/setting';
import { labelJobOf } from '@shared/label/job';
import { AppDialog } from '@renderer/components/AppDialog';
import { NumberInput } from '@renderer/components/NumberInput';
import { printFailureText, printLabel } from '@renderer/devices/devices';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { withLang } from '../stationPrint';

const LAST_PRINTER = 'LABEL_TEST_PRINTER';

/** 测试打印: the label with the data on the canvas (sample data, or the previewed cylinder's) to a printer chosen here. */
export function TestPrintDialog({ label, data, onClose }: { label: LabelContent; data: unknown; onClose: () => void }) {
  const t = useT();
  const [printer, setPrinter] = useState(() => localStorage.getItem(LAST_PRINTER) ?? '');
  const [copies, setCopies] = useState<number | null>(1);
  const [printers, setPrinters] = useState<string[]>([]);
  useEffect(() => { void window.api?.devicesListPrinters().then((list) => setPrinters(list.map((p) => p.name)), () => undefined); }, []);

  const submit = async () => {
    const target = printer.trim();
    if (!target) return;
    localStorage.setItem(LAST_PRINTER, target);
    try {
      const result = await printLabel(labelJobOf(label, data, { printer: withLang(target, label.lang), copies: copies && copies > 0 ? copies : 1 }));
      notify(t('label.printed', { printer: result.printer }), 'success');
      onClose();
    } catch (err) {
      notify(printFailureText(err));
    }
  };
  return (
    <AppDialog open title={t('label.testPrint')} width={520} onClose={onClose} onSubmit={submit} submitText={t('label.testPrint')}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Autocomplete freeSolo options={printers} value={printer} onInputChange={(_e, v) => setPrinter(v)}
          renderInput={(params) => <TextField {...params} autoFocus size="small" label={t('label.printer')} helperText={t('label.printerHint')} />} />
        <NumberInput size="small" label={t('label.copies')} value={copies} min={1} max={1000} decimal={0} onChange={setCopies} />
      </Stack>
    </AppDialog>
  );
}
