import { useState } from 'react';
import { Alert, Button, Chip, Stack, Typography } from '@mui/material';
import { useConfirm } from '@renderer/components/ListPage';
import { useT } from '@renderer/i18n/useT';
import { PrintLogDialog } from './PrintLogDialog';
import { usePrintLog } from './printLog';
import { printsAfterStep } from './stationPrint';
import type { StationPrinter } from './useStationPrint';

/**
 * Under a station's scan field: whether it prints labels (template → printer, copies), the last label's fate —
 * a failure as a warning that stays until the next print, a plain label printed offline as 简易标签（离线）— the
 * designed labels still to print, 补打 for a cylinder's label on demand and 打印记录.
 */
export function StationPrintBar({ printer, lastCode }: { printer: StationPrinter; lastCode?: string | null }) {
  const t = useT();
  const confirm = useConfirm();
  const { setting, status } = printer;
  const { pending } = usePrintLog(1);
  const [showLog, setShowLog] = useState(false);
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
        {pending > 0 && <Chip size="small" color="warning" data-testid="reprints-pending" label={t('label.reprintsPending', { n: pending })} />}
        <Button size="small" variant="outlined" onClick={() => void reprint()}>{t('label.reprint')}</Button>
        <Button size="small" onClick={() => setShowLog(true)}>{t('label.log.title')}</Button>
      </Stack>
      {status?.kind === 'failed' && (
        <Alert severity="warning" data-testid="print-warning">
          {t('label.printFailed', { code: status.code, reason: status.reason })}{status.plain ? t('label.reprintLater') : ''}
        </Alert>
      )}
      {status?.kind === 'printed' && (status.plain
        ? <Alert severity="info" data-testid="print-plain">{t('label.printedPlain', { code: status.code })}</Alert>
        : <Typography variant="body2" color="success.main">{t('label.printedCode', { code: status.code })}</Typography>)}
      {showLog && <PrintLogDialog onClose={() => setShowLog(false)} />}
    </Stack>
  );
}
