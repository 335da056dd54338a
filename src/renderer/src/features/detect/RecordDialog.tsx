import { useRef } from 'react';
import dayjs from 'dayjs';
import type { DueRow } from '@shared/api/inspection';
import { AppDialog } from '@renderer/components/AppDialog';
import { Form, type FormHandle } from '@renderer/components/Form';
import { useT } from '@renderer/i18n/useT';
import { recordInspection } from './detectApi';

export interface RecordOutcome {
  code: string;
  passed: boolean;
  nextDate: string | null;
}

interface Props {
  row: DueRow | null;
  onClose: () => void;
  onDone: (outcome: RecordOutcome) => void;
}

/** 登记检验: date, 合格/不合格, inspector, report number, remark. The server derives the next date or scraps. */
export function RecordDialog({ row, onClose, onDone }: Props) {
  const t = useT();
  const form = useRef<FormHandle>(null);
  const submit = async () => {
    const result = form.current?.validate();
    if (!row || !result?.valid) return;
    const v = result.values;
    const passed = v.result === 1;
    const saved = await recordInspection({
      cylinderId: row.id, inspectedOn: v.inspectedOn as string, result: passed ? 1 : 0,
      agency: (v.agency as string | undefined) || null, reportNo: (v.reportNo as string | undefined) || null, remark: (v.remark as string | undefined) || null,
    });
    onDone({ code: row.code, passed, nextDate: saved.nextDate });
  };
  return (
    <AppDialog open={!!row} title={t('detect.recordTitle', { code: row?.code ?? '' })} onClose={onClose} onSubmit={submit} width={560}>
      {row && (
        <Form ref={form} defaultSpan={12} initialValues={{ inspectedOn: dayjs().format('YYYY-MM-DD') }} fields={[
          { key: 'inspectedOn', label: t('detect.inspectedOn'), type: 'date', rules: [{ required: true }] },
          { key: 'result', label: t('detect.result'), type: 'radio', rules: [{ required: true }],
            options: [{ label: t('detect.pass'), value: 1 }, { label: t('detect.fail'), value: 0 }] },
          { key: 'agency', label: t('detect.inspector'), maxLength: 128 },
          { key: 'reportNo', label: t('detect.reportNo'), maxLength: 64 },
          { key: 'remark', label: t('detect.remark'), type: 'textarea', maxLength: 255, span: 24 },
        ]} />
      )}
    </AppDialog>
  );
}
