import { useRef, useState } from 'react';
import { Button, Typography } from '@mui/material';
import { AppDialog } from '@renderer/components/AppDialog';
import { ApiError } from '@renderer/http/errors';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { importEnterprises } from './enterpriseApi';

/** 导入: picks an .xlsx, sends it; a refused import shows the server's report (row and reason per bad row). */
export function EnterpriseImport({ onImported }: { onImported: () => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<string | null>(null);

  const send = async (file: File) => {
    setBusy(true);
    try {
      const { imported } = await importEnterprises(file);
      notify(t('enterprise.imported', { n: imported }), 'success');
      onImported();
    } catch (e) {
      if (e instanceof ApiError) setReport(e.message);
      else notify(t('http.requestError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outlined" loading={busy} onClick={() => input.current?.click()}>{t('enterprise.import')}</Button>
      <input
        ref={input}
        type="file"
        hidden
        data-testid="enterprise-import-file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ''; // the same file may be picked again after a fix
          if (file) void send(file);
        }}
      />
      <AppDialog open={report !== null} title={t('enterprise.importRefused')} onClose={() => setReport(null)} footer={false}>
        <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>{report}</Typography>
      </AppDialog>
    </>
  );
}
