import dayjs from 'dayjs';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { AppDialog } from '@renderer/components/AppDialog';
import { useT } from '@renderer/i18n/useT';
import type { MessageKey } from '@renderer/i18n/messages';
import { usePrintLog, type LabelPrint } from './printLog';

const KIND: Record<LabelPrint['label'], MessageKey> = { designed: 'label.kind.designed', plain: 'label.kind.plain', reprint: 'label.kind.reprint' };

/** What became of one label: printed or not, and for a plain one its designed label. */
function outcome(t: ReturnType<typeof useT>, p: LabelPrint): string {
  const printed = p.error ? t('label.log.failed', { reason: p.error }) : t('label.log.printed');
  if (!p.reprint) return printed;
  const note = p.reprintNote ? `（${p.reprintNote}）` : '';
  const reprint = p.reprint === 'done' ? t('label.log.reprinted', { at: dayjs(p.reprintedAt).format('HH:mm:ss') })
    : p.reprint === 'pending' ? `${t('label.log.reprintPending')}${note}` : p.reprint === 'skipped' ? `${t('label.log.reprintSkipped')}${note}` : `${t('label.log.reprintFailed')}${note}`;
  return `${printed}；${reprint}`;
}

/** 打印记录: the labels this PC printed, newest first — which label (设计标签 / 简易标签（离线）/ 补打) and what became of it. */
export function PrintLogDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { entries } = usePrintLog(200);
  return (
    <AppDialog open width={820} title={t('label.log.title')} onClose={onClose} footer={false}>
      {entries.length === 0 ? <Typography color="text.secondary">{t('label.log.empty')}</Typography> : (
        <Table size="small" data-testid="print-log">
          <TableHead>
            <TableRow>
              {(['label.log.at', 'label.log.station', 'label.log.code', 'label.log.kind', 'label.log.outcome'] as const).map((k) => <TableCell key={k}>{t(k)}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((p) => (
              <TableRow key={p.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayjs(p.at).format('MM-DD HH:mm:ss')}</TableCell>
                <TableCell>{t(`label.station.${p.station}`)}</TableCell>
                <TableCell>{p.code}</TableCell>
                <TableCell>{t(KIND[p.label])}</TableCell>
                <TableCell>{outcome(t, p)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </AppDialog>
  );
}
