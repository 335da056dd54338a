import { Alert, Button, Stack, Typography } from '@mui/material';
import { useConfirm } from '@renderer/components/ListPage';
import { useT } from '@renderer/i18n/useT';
import { printsAfterStep } from './stationPrint';
import type { StationPrinter } from './useStationPrint';

/**
 * Under a station's scan field: whether it prints labels (template → printer, copies), the last label's fate —
 * a failure as a warning that stays until the next print — and 补打 for a cylinder's label on demand.
 */
export function StationPrintBar({ printer, lastCode }: { printer: StationPrinter; lastCode?: string | null }) {
  const t = useT();
  const confirm = useConfirm();
  const { setting, status } = printer;
  const reprint = async () => {
    const values = await confirm({
      title: t('label.reprintTitle'), message: '', okText: t('label.reprint'),
      fields: [{ key: 'code', label: t('label.previewCode'), placeholder: lastCode ?? '', maxLength: 64, rules: lastCode ? [] : [{ required: true }] }],
    });
    if (!values) return;
    const code = String(values.code ?? '').trim() || lastCode;
    if (code) await printer.reprint(code);
  };
  return (
    <Stack spacing={0.5} data-testid="station-print">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {printsAfterStep(setting) ? t('label.printOn', { template: setting.templateName, printer: setting.printer, copies: setting.copies }) : t('label.printOff')}
        </Typography>
        <Button size="small" variant="outlined" onClick={() => void reprint()}>{t('label.reprint')}</Button>
      </Stack>
      {status?.kind === 'failed' && <Alert severity="warning" data-testid="print-warning">{t('label.printFailed', { code: status.code, reason: status.reason })}</Alert>}
      {status?.kind === 'printed' && <Typography variant="body2" color="success.main">{t('label.printedCode', { code: status.code })}</Typography>}
    </Stack>
  );
}
