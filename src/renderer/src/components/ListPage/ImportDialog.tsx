import { useRef, useState } from 'react';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import type { ImportResult } from '@shared/api/schema';
import { AppDialog } from '@renderer/components/AppDialog';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { notify } from '@renderer/notify/toast';

export interface ImportDialogProps {
  open: boolean;
  title?: string;
  /** Sends the file; `dryRun` checks every row and imports nothing. Silent: the report is shown here. */
  send: (file: File, dryRun: boolean) => Promise<ImportResult>;
  downloadTemplate: () => Promise<unknown>;
  /** The toast after importing, e.g. 已导入 50 个气瓶. */
  importedText: (count: number) => string;
  onClose: () => void;
  onImported: () => void;
}

type Check = { state: 'checking' } | { state: 'passed'; rows: number } | { state: 'refused'; report: string } | null;

/** The server's refusal (an envelope answer: a numeric code) as it said it; anything else (network) in our words. */
const reportOf = (e: unknown, fallback: string): string => {
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  return typeof code === 'number' && typeof message === 'string' ? message : fallback;
};

/**
 * The one import dialog: choose an .xlsx, which is checked at once (every bad row listed with its
 * reasons, nothing imported), then 导入 confirms. 下载模板 gives the sheet to fill.
 */
export function ImportDialog({ open, title, send, downloadTemplate, importedText, onClose, onImported }: ImportDialogProps) {
  const t = useWidgetT();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<Check>(null);

  const close = () => (setFile(null), setCheck(null), onClose());

  const choose = async (picked: File | null) => {
    setFile(picked);
    setCheck(picked ? { state: 'checking' } : null);
    if (!picked) return;
    try {
      const result = await send(picked, true);
      setCheck({ state: 'passed', rows: result.rows });
    } catch (e) {
      setCheck({ state: 'refused', report: reportOf(e, t('import.failed')) });
    }
  };

  const submit = async () => {
    if (!file) return notify(t('import.pick'), 'warning');
    try {
      const result = await send(file, false);
      notify(importedText(result.imported), 'success');
      setFile(null);
      setCheck(null);
      onImported();
    } catch (e) {
      setCheck({ state: 'refused', report: reportOf(e, t('import.failed')) });
    }
  };

  return (
    <AppDialog open={open} title={title ?? t('import.title')} onClose={close} onSubmit={submit} submitText={t('common.import')}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <input ref={input} type="file" hidden accept=".xlsx" data-testid="import-input"
            onChange={(e) => {
              const picked = e.target.files?.[0] ?? null;
              e.target.value = ''; // the same file may be picked again after a fix
              void choose(picked);
            }} />
          <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()}>{t('import.choose')}</Button>
          <Typography variant="body2">{file?.name ?? t('import.hint')}</Typography>
          <Link component="button" type="button" onClick={() => void downloadTemplate().catch(() => undefined)}>{t('common.template')}</Link>
        </Stack>
        <Typography variant="body2" color="text.secondary">{t('import.exampleNote')}</Typography>
        {check?.state === 'checking' && <Alert severity="info">{t('import.checking')}</Alert>}
        {check?.state === 'passed' && <Alert severity="success">{t('import.checked', { rows: check.rows })}</Alert>}
        {check?.state === 'refused' && (
          <Alert severity="error" role="alert" aria-label={t('import.report')}>
            <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'inherit', maxHeight: 320, overflow: 'auto' }}>{check.report}</Box>
          </Alert>
        )}
      </Stack>
    </AppDialog>
  );
}
