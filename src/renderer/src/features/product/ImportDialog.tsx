import { useRef, useState } from 'react';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { AppDialog } from '@renderer/components/AppDialog';
import { ApiError } from '@renderer/http/errors';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { downloadTemplate, importProducts } from './productApi';

interface Props {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}

/**
 * 导入: pick an .xlsx and send it; a refusal shows the server's report (one line per bad row) here.
 * Own picker rather than the Upload widget: Upload posts at once and keeps no error text, and the
 * report is what the user needs to fix the sheet.
 */
export function ImportDialog({ open, onClose, onImported }: Props) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<string | null>(null);

  const close = () => (setFile(null), setReport(null), onClose());
  const submit = async () => {
    if (!file) return notify(t('product.importPick'), 'warning');
    setReport(null);
    try {
      const result = await importProducts(file);
      notify(t('product.imported', { count: result.imported }), 'success');
      setFile(null);
      onImported();
    } catch (e) {
      setReport(e instanceof ApiError ? e.message : t('product.importFailed'));
    }
  };

  return (
    <AppDialog open={open} title={t('product.importTitle')} onClose={close} onSubmit={submit} submitText={t('product.import')}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <input ref={input} type="file" hidden accept=".xlsx" data-testid="import-input"
            onChange={(e) => (setFile(e.target.files?.[0] ?? null), setReport(null), (e.target.value = ''))} />
          <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()}>
            {t('product.importChoose')}
          </Button>
          <Typography variant="body2">{file?.name ?? t('product.importHint')}</Typography>
          <Link component="button" type="button" onClick={() => void downloadTemplate()}>
            {t('product.downloadTemplate')}
          </Link>
        </Stack>
        {report && (
          <Alert severity="error" role="alert" aria-label={t('product.importReport')}>
            <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'inherit' }}>
              {report}
            </Box>
          </Alert>
        )}
      </Stack>
    </AppDialog>
  );
}
