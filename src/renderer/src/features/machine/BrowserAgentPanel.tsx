import { useState } from 'react';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { pingAgent, printTestThroughAgent, saveAgentUrl, savedAgentUrl } from '@renderer/devices/agentClient';
import { deviceErrorText, printFailureText } from '@renderer/devices/devices';

type AgentState = { kind: 'unknown' } | { kind: 'ok'; printers: string[] } | { kind: 'down'; reason: string };

/** In a plain browser: devices need the desktop app or its print agent on this PC. */
export function BrowserAgentPanel() {
  const t = useT();
  const [url, setUrl] = useState(savedAgentUrl);
  const [state, setState] = useState<AgentState>({ kind: 'unknown' });
  const [printer, setPrinter] = useState('');
  const [busy, setBusy] = useState(false);

  const check = async () => {
    saveAgentUrl(url);
    try {
      const data = await pingAgent(url);
      setState({ kind: 'ok', printers: data.printers });
      if (!printer && data.printers[0]) setPrinter(data.printers[0]);
    } catch (err) {
      setState({ kind: 'down', reason: deviceErrorText(err) });
    }
  };

  const testPrint = async () => {
    setBusy(true);
    try {
      const result = await printTestThroughAgent(url, printer.trim());
      notify(t('machine.testPrinted', { printer: result.printer }), 'success');
    } catch (err) {
      notify(printFailureText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Alert severity="info">{t('machine.browserNotice')}</Alert>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField size="small" label={t('machine.agentUrl')} value={url} onChange={(e) => setUrl(e.target.value)} sx={{ width: 320 }} />
          <Button variant="outlined" onClick={() => void check()}>
            {t('machine.checkAgent')}
          </Button>
          {state.kind === 'ok' && <Typography color="success.main">{t('machine.agentOk')}</Typography>}
          {state.kind === 'down' && <Typography color="error">{t('machine.agentDown')}：{state.reason}</Typography>}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            label={t('machine.agentPrinter')}
            placeholder="tcp://10.0.0.5:9100?lang=tspl"
            value={printer}
            onChange={(e) => setPrinter(e.target.value)}
            sx={{ width: 320 }}
          />
          <Button variant="contained" disabled={busy || !printer.trim()} onClick={() => void testPrint()}>
            {t('machine.testPrint')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
