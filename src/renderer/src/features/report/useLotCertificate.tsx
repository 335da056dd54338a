import type { ReactNode } from 'react';
import { Button } from '@mui/material';
import { PrintReportBody } from '@shared/api/report';
import { fromSchema } from '@renderer/components/Form';
import { useConfirm } from '@renderer/components/ListPage';
import { useT } from '@renderer/i18n/useT';
import { usePrintReport } from './usePrintReport';

/**
 * 产品合格证 of a filling lot (气瓶档案): asks the lot number, then prints the report's default template
 * filled with the lot and its cylinders into the document preview drawer.
 */
export function useLotCertificate(): { button: ReactNode; element: ReactNode } {
  const t = useT();
  const confirm = useConfirm();
  const printer = usePrintReport();
  const ask = async () => {
    const values = await confirm({
      title: t('report.certificateTitle'), message: '', okText: t('report.print'), width: 420,
      // The body may name another subject instead; this dialog asks for the lot.
      fields: [{ key: 'lotNo', label: t('report.lotNo'), ...fromSchema(PrintReportBody, 'lotNo', { required: true }) }],
    });
    const lotNo = values ? String(values.lotNo).trim() : '';
    if (lotNo) await printer.print('GRAIN_FORMULA_PACKAGE_GP_PROCESS_RECORD', { lotNo }, `${t('report.certificate')} ${lotNo}`);
  };
  const button = <Button variant="outlined" loading={printer.busy} onClick={() => void ask()}>{t('report.certificate')}</Button>;
  return { button, element: printer.element };
}
