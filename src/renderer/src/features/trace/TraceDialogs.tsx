import { useRef, useState } from 'react';
import { Alert, Stack } from '@mui/material';
import { AnalyseBody, NoteBody, VacuumBody } from '@shared/api/production';
import { AppDialog, type AppDialogHandle } from '@renderer/components/AppDialog';
import { Form, fromSchema, rulesFrom, type FormHandle, type FormValues } from '@renderer/components/Form';
import { textOrNull, useConfirm } from '@renderer/components/ListPage';
import { productionApi } from '@renderer/features/production';
import { newScanId } from '@renderer/stations/scan';
import { statusLabel } from '@renderer/utils/productStatus';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';

interface Props {
  code: string;
  onClose: () => void;
}

const SCRAP = 0;

/**
 * 抽真空 of a recovered (10), analyzed (1) or stocked (2) cylinder: in stock with a vacuum record (the vacuum reached). The dialog keeps
 * one scanId: 保存 again after a lost answer cannot act twice.
 */
export function VacuumDialog({ code, onClose }: Props) {
  const t = useT();
  const dialog = useRef<AppDialogHandle>(null);
  const form = useRef<FormHandle>(null);
  const [scanId] = useState(newScanId);
  const [vacuum] = productionApi.useVacuumMutation();

  const submit = async () => {
    const result = form.current?.validate();
    if (!result?.valid) return;
    const v = result.values;
    const done = await vacuum({ code, scanId, pressure: Number(v.pressure), remark: textOrNull(v.remark) }).unwrap();
    notify(done.message, 'success');
    onClose();
  };

  return (
    <AppDialog ref={dialog} open title={t('trace.vacuumTitle', { code })} width={480} onClose={onClose} onSubmit={submit} submitText={t('trace.vacuum')}>
      <Form ref={form} autoFocus onSubmit={() => void dialog.current?.submit()} fields={[
        // Four decimals: the gauge's resolution, not a bound of the body.
        { key: 'pressure', label: t('trace.vacuumPressure'), type: 'number', ...fromSchema(VacuumBody, 'pressure'), decimal: 4 },
        { key: 'remark', label: t('common.remark'), type: 'textarea', ...fromSchema(VacuumBody, 'remark') },
      ]} />
    </AppDialog>
  );
}

/**
 * 分析处理 of a cylinder in 待分析 (1): back to stock, picked again, or scrapped — with a reason; 报废 is
 * irreversible and asks once more.
 */
export function AnalyseDialog({ code, onClose }: Props) {
  const t = useT();
  const confirm = useConfirm();
  const dialog = useRef<AppDialogHandle>(null);
  const form = useRef<FormHandle>(null);
  const [values, setValues] = useState<FormValues>({});
  const [scanId] = useState(newScanId);
  const [analyse] = productionApi.useAnalyseMutation();
  const scrapping = values.decision === SCRAP;

  const submit = async () => {
    const result = form.current?.validate();
    if (!result?.valid) return;
    const decision = result.values.decision as AnalyseBody['decision'];
    const reason = String(result.values.reason);
    if (decision === SCRAP && !(await confirm({
      title: t('trace.scrapConfirmTitle'), danger: true, okText: t('trace.scrapConfirmOk'), message: t('trace.scrapConfirm', { code, reason }),
    }))) return;
    const done = await analyse({ code, scanId, decision, reason }).unwrap();
    notify(done.message, 'success');
    onClose();
  };

  return (
    <AppDialog ref={dialog} open title={t('trace.analyseTitle', { code })} width={520} onClose={onClose} onSubmit={submit}
      submitText={scrapping ? t('trace.scrapConfirmOk') : t('common.ok')} danger={scrapping}>
      <Stack spacing={2}>
        {scrapping && <Alert severity="warning">{t('trace.scrapWarning', { code })}</Alert>}
        <Form ref={form} autoFocus values={values} onChange={setValues} onSubmit={() => void dialog.current?.submit()} fields={[
          { key: 'decision', label: t('trace.decision'), type: 'radio', rules: rulesFrom(AnalyseBody, 'decision'), options: [
            { label: `${statusLabel(t, 2)}（${t('trace.toStock')}）`, value: 2 },
            { label: t('trace.toPicking'), value: 3 },
            { label: statusLabel(t, SCRAP), value: SCRAP },
          ] },
          { key: 'reason', label: t('trace.reason'), type: 'textarea', ...fromSchema(AnalyseBody, 'reason') },
        ]} />
      </Stack>
    </AppDialog>
  );
}

/** 备注 on a trace event, new or the user's own one edited; the event itself never changes. */
export function NoteDialog({ traceId, note, onClose }: { traceId: number; note: { id: number; note: string } | null; onClose: () => void }) {
  const t = useT();
  const dialog = useRef<AppDialogHandle>(null);
  const form = useRef<FormHandle>(null);
  const [save] = productionApi.useSaveNoteMutation();

  const submit = async () => {
    const result = form.current?.validate();
    if (!result?.valid) return;
    await save({ ...(note ? { id: note.id } : {}), traceId, note: String(result.values.note) }).unwrap();
    notify(t('common.saved'), 'success');
    onClose();
  };

  return (
    <AppDialog ref={dialog} open title={t(note ? 'trace.editNote' : 'trace.addNote')} width={480} onClose={onClose} onSubmit={submit}>
      <Form ref={form} autoFocus initialValues={{ note: note?.note ?? '' }} fields={[
        { key: 'note', label: t('trace.note'), type: 'textarea', ...fromSchema(NoteBody, 'note') },
      ]} />
    </AppDialog>
  );
}
