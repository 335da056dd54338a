import { useId, useRef, useState } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { SettingFields, type ReportContent, type SettingRow } from '@shared/api/setting';
import type { DataSourceKind } from '@shared/dataSources';
import { AppDialog } from '@renderer/components/AppDialog';
import { Form, fromSchema, rulesFrom, type FormField, type FormHandle, type FormValues } from '@renderer/components/Form';
import { useT } from '@renderer/i18n/useT';
import type { QueryError } from '@renderer/store/api';
import { useDataSources } from '@renderer/features/lookups';
import { isDocx, isReportKey, REPORT_OPTIONS, REPORT_SOURCE } from './reportOptions';
import { reportApi } from './reportApi';

/** What the dialog saves: a new template's properties, or (replacing) only the new file. */
export interface TemplateSave {
  values: FormValues;
  content: ReportContent;
}

/**
 * 上传模板 (a new template: its name, report, data source and the .docx) or 替换文件 (`row`: a new file for
 * it). The file is sent first; the server checks its placeholders against the data source and a refusal
 * (naming the placeholder) is shown here, the dialog kept open with what was chosen.
 */
export function TemplateDialog({ row, onClose, onSave }: {
  row: SettingRow | null;
  onClose: () => void;
  onSave: (saved: TemplateSave) => Promise<unknown>;
}) {
  const t = useT();
  const sources = useDataSources();
  const inputId = useId();
  const form = useRef<FormHandle>(null);
  const [values, setValues] = useState<FormValues>(() => ({ settingKey: 'QUALITY_CERTIFICATE', dataSource: 'OUTBOUND_ORDER', isDefault: 0 }));
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [upload] = reportApi.useUploadTemplateMutation();

  const fields: FormField[] = row ? [] : [
    { key: 'name', label: t('report.name'), ...fromSchema(SettingFields, 'name') },
    { key: 'settingKey', label: t('report.key'), type: 'select', options: REPORT_OPTIONS, rules: rulesFrom(SettingFields, 'settingKey') },
    { key: 'dataSource', label: t('report.dataSource'), type: 'select', options: sources.options, rules: rulesFrom(SettingFields, 'dataSource') },
    { key: 'isDefault', label: t('report.asDefault'), type: 'switch' },
    { key: 'remark', label: t('common.remark'), ...fromSchema(SettingFields, 'remark'), span: 24 },
  ];

  const submit = async () => {
    const checked = row ? { valid: true, values: {} as FormValues } : form.current?.validate();
    if (!checked?.valid) return;
    if (!file) return setError(t('report.noFile'));
    if (!isDocx(file.name)) return setError(t('report.notDocx'));
    setError(null);
    const dataSource = (row?.dataSource ?? checked.values.dataSource) as DataSourceKind;
    let stored: Awaited<ReturnType<ReturnType<typeof upload>['unwrap']>>;
    try {
      stored = await upload({ file, dataSource }).unwrap();
    } catch (e) {
      // The upload is silent: its refusal (an unknown placeholder, named) stays in the dialog.
      const err = e as Partial<QueryError>;
      if (err.code !== 'CANCELLED' && err.message) setError(err.message);
      return;
    }
    try {
      await onSave({ values: checked.values, content: { fileId: stored.id, fileName: stored.name } });
      onClose();
    } catch {
      // The HTTP client has shown why; the dialog stays open.
    }
  };

  return (
    <AppDialog open title={row ? t('report.replaceTitle', { name: row.name }) : t('report.uploadTitle')} width={640} onClose={onClose} onSubmit={submit}>
      <Stack spacing={2}>
        {!row && (
          <Form ref={form} fields={fields} values={values} defaultSpan={12}
            onChange={(next) => setValues(next.settingKey !== values.settingKey && isReportKey(String(next.settingKey))
              ? { ...next, dataSource: REPORT_SOURCE[next.settingKey as keyof typeof REPORT_SOURCE] }
              : next)} />
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button variant="outlined" component="label" htmlFor={inputId} sx={{ textTransform: 'none' }}>{t('report.pickFile')}</Button>
          <input id={inputId} type="file" hidden aria-label={t('report.file')}
            accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
              e.target.value = '';
            }} />
          <Typography data-testid="template-file">{file?.name ?? ''}</Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">{t('report.placeholderHint')}</Typography>
        {error && <Alert severity="error" data-testid="template-error">{error}</Alert>}
      </Stack>
    </AppDialog>
  );
}
