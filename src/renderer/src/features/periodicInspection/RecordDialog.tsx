import { useRef, useState } from 'react';
import dayjs from 'dayjs';
import { Alert, Stack } from '@mui/material';
import { PeriodicInspectionBody, type DueRow } from '@shared/api/periodicInspection';
import { AppDialog, type AppDialogHandle } from '@renderer/components/AppDialog';
import { Form, fromSchema, rulesFrom, type FormHandle, type FormValues } from '@renderer/components/Form';
import { textOrNull, useConfirm } from '@renderer/components/ListPage';
import { useT } from '@renderer/i18n/useT';
import { periodicInspectionApi } from './periodicInspectionApi';

export interface RecordOutcome {
  code: string;
  passed: boolean;
  nextDate: string | null;
}

interface Props {
  row: DueRow;
  onClose: () => void;
  onDone: (outcome: RecordOutcome) => void;
}

const FAIL = 0;

/**
 * 登记检验: date, 合格/不合格, inspector, report number, remark. The server derives the next date, or scraps a
 * failed cylinder for good: 不合格 asks for the report number and the reason, and confirms before it records.
 */
export function RecordDialog({ row, onClose, onDone }: Props) {
  const t = useT();
  const confirm = useConfirm();
  const dialog = useRef<AppDialogHandle>(null);
  const form = useRef<FormHandle>(null);
  const [values, setValues] = useState<FormValues>({ inspectedOn: dayjs().format('YYYY-MM-DD') });
  const [record] = periodicInspectionApi.useRecordInspectionMutation();
  const failing = values.result === FAIL;

  const submit = async () => {
    const result = form.current?.validate();
    if (!result?.valid) return;
    const v = result.values;
    const passed = v.result !== FAIL;
    const reportNo = textOrNull(v.reportNo);
    if (!passed && !(await confirm({
      title: t('periodicInspection.confirmScrapTitle'), message: t('periodicInspection.confirmScrap', { code: row.code, reportNo: reportNo ?? '' }),
      danger: true, okText: t('periodicInspection.confirmScrapOk'),
    }))) return;
    const saved = await record({
      cylinderId: row.id, inspectedOn: String(v.inspectedOn), result: passed ? 1 : 0, agency: textOrNull(v.agency), reportNo,
      failReason: passed ? null : textOrNull(v.failReason), remark: textOrNull(v.remark),
    }).unwrap();
    onDone({ code: row.code, passed, nextDate: saved.nextDate });
  };

  return (
    <AppDialog ref={dialog} open title={t('periodicInspection.recordTitle', { code: row.code })} onClose={onClose} onSubmit={submit} width={560}>
      <Stack spacing={2}>
        {failing && <Alert severity="warning">{t('periodicInspection.failWarning')}</Alert>}
        <Form ref={form} defaultSpan={12} autoFocus values={values} onChange={setValues} onSubmit={() => void dialog.current?.submit()} fields={[
          { key: 'inspectedOn', label: t('periodicInspection.inspectedOn'), type: 'date', ...fromSchema(PeriodicInspectionBody, 'inspectedOn') },
          { key: 'result', label: t('periodicInspection.result'), type: 'radio', rules: rulesFrom(PeriodicInspectionBody, 'result'),
            options: [{ label: t('periodicInspection.pass'), value: 1 }, { label: t('periodicInspection.fail'), value: FAIL }] },
          { key: 'agency', label: t('periodicInspection.inspector'), ...fromSchema(PeriodicInspectionBody, 'agency') },
          // A failed inspection names its report and its reason (the body leaves them optional for a pass).
          { key: 'reportNo', label: t('periodicInspection.reportNo'), ...fromSchema(PeriodicInspectionBody, 'reportNo', { required: failing }) },
          { key: 'failReason', label: t('periodicInspection.failReason'), hidden: !failing, ...fromSchema(PeriodicInspectionBody, 'failReason', { required: true }), span: 24 },
          { key: 'remark', label: t('common.remark'), type: 'textarea', ...fromSchema(PeriodicInspectionBody, 'remark'), span: 24 },
        ]} />
      </Stack>
    </AppDialog>
  );
}
