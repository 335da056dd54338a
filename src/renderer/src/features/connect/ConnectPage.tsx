import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import {
  Alert, Box, Button, Checkbox, FormControlLabel, LinearProgress, Paper, Radio, RadioGroup, Stack, TextField, Typography,
} from '@mui/material';
import type { ConnectionState, ServerProbe } from '@shared/connection';
import type { DesktopApi } from '@shared/ipc';
import { PageLoading } from '@renderer/components/PageLoading';
import { useT } from '@renderer/i18n/useT';
import { LanguageSwitch } from '@renderer/layout/LanguageSwitch';
import { connectionApi, ipcErrorMessage } from './startup';

type Mode = 'remote' | 'standalone';
type Api = NonNullable<ReturnType<typeof connectionApi>> & Pick<DesktopApi, 'settingsSetServerUrl'>;

/** '' → automatic; otherwise a whole number in range, or undefined when it is not one. */
function parsePort(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const port = Number(trimmed);
  return port >= 1024 && port <= 65535 ? port : undefined;
}

/**
 * 服务器设置 (desktop only): the plant's server address, with 检测 (reachable? which version?), or standalone
 * mode. Shown before login on a first run, and from the login screen's 服务器设置. Saving goes to login,
 * where the start-up check runs again against the new setting.
 */
export default function ConnectPage() {
  const t = useT();
  const navigate = useNavigate();
  const [api] = useState(() => connectionApi() as Api | undefined);
  const [connection, setConnection] = useState<ConnectionState | null>(null);
  const [mode, setMode] = useState<Mode>('remote');
  const [address, setAddress] = useState('');
  const [lanAccess, setLanAccess] = useState(false);
  const [portText, setPortText] = useState('');
  const [probe, setProbe] = useState<ServerProbe | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'probe' | 'save' | 'start' | null>(null);

  useEffect(() => {
    if (!api) return;
    let live = true;
    void api.settingsGetConnection().then((c) => {
      if (!live) return;
      setConnection(c);
      setMode(c.standalone ? 'standalone' : 'remote');
      setAddress(c.serverUrl ?? '');
      setLanAccess(c.lanAccess);
      setPortText(c.port === null ? '' : String(c.port));
      if (c.standalone && c.standaloneError) setError(t('connect.startFailed', { reason: c.standaloneError }));
    });
    return () => {
      live = false;
    };
  }, [api, t]);

  // In a browser the page's own origin is the server: there is nothing to set.
  if (!api) return <Navigate to="/login" replace />;

  const runProbe = async () => {
    setBusy('probe');
    setError(null);
    setProbe(null);
    try {
      setProbe(await api.settingsProbeServer(address.trim()));
    } catch (e) {
      setError(ipcErrorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const saveRemote = async (e: FormEvent) => {
    e.preventDefault();
    setBusy('save');
    setError(null);
    try {
      // The address is checked (and refused with its reason) before standalone mode is turned off.
      await api.settingsSetServerUrl(address.trim());
      if (connection?.standalone) await api.settingsSetStandalone({ standalone: false, lanAccess, port: connection.port });
      void navigate('/login', { replace: true });
    } catch (err) {
      setError(ipcErrorMessage(err));
      setBusy(null);
    }
  };

  const saveStandalone = async (e: FormEvent) => {
    e.preventDefault();
    const port = parsePort(portText);
    if (port === undefined) return setError(t('connect.portInvalid'));
    setBusy('start');
    setError(null);
    try {
      const next = await api.settingsSetStandalone({ standalone: true, lanAccess, port });
      setConnection(next);
      if (next.standaloneError) {
        setError(t('connect.startFailed', { reason: next.standaloneError }));
        setBusy(null);
        return;
      }
      void navigate('/login', { replace: true });
    } catch (err) {
      setError(ipcErrorMessage(err));
      setBusy(null);
    }
  };

  // The form starts from the saved setting: shown once it is read, so nothing typed before is overwritten.
  if (!connection) return <PageLoading />;
  const firstRun = !connection.serverUrl && !connection.standalone;
  const canGoBack = connection.activeUrl !== null;

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
      <Box sx={{ position: 'fixed', top: 12, right: 16 }}>
        <LanguageSwitch />
      </Box>
      <Paper component="form" noValidate onSubmit={(e) => void (mode === 'remote' ? saveRemote(e) : saveStandalone(e))}
        sx={{ p: 4, width: 480 }} elevation={3} aria-labelledby="connect-title">
        <Stack spacing={2.5}>
          <Typography variant="h6" component="h1" id="connect-title">{t('connect.title')}</Typography>
          {firstRun && <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('connect.firstRunHint')}</Typography>}
          <RadioGroup row value={mode} onChange={(e) => { setMode(e.target.value as Mode); setError(null); }}>
            <FormControlLabel value="remote" control={<Radio />} label={t('connect.modeRemote')} disabled={busy !== null} />
            <FormControlLabel value="standalone" control={<Radio />} label={t('connect.modeStandalone')} disabled={busy !== null} />
          </RadioGroup>
          {mode === 'remote' ? (
            <>
              <TextField label={t('connect.address')} value={address} placeholder={t('connect.addressExample')}
                helperText={t('connect.addressExample')} onChange={(e) => { setAddress(e.target.value); setProbe(null); }}
                autoFocus fullWidth disabled={busy !== null} />
              {probe && (
                <Alert severity={probe.ok ? 'success' : 'error'} data-testid="probe-result">
                  {probe.ok ? t('connect.probeOk', { version: probe.version }) : t('connect.probeFailed', { reason: probe.reason })}
                </Alert>
              )}
            </>
          ) : (
            <>
              <FormControlLabel label={t('connect.lanAccess')} disabled={busy !== null}
                control={<Checkbox checked={lanAccess} onChange={(e) => setLanAccess(e.target.checked)} />} />
              {lanAccess && <Typography variant="body2" sx={{ color: 'text.secondary', mt: -2 }}>{t('connect.lanAccessHint')}</Typography>}
              <TextField label={t('connect.port')} value={portText} onChange={(e) => setPortText(e.target.value)}
                helperText={t('connect.portHint')} inputMode="numeric" fullWidth disabled={busy !== null} />
              {busy === 'start' && (
                <Box>
                  <LinearProgress />
                  <Typography variant="body2" sx={{ mt: 1 }}>{t('connect.starting')}</Typography>
                </Box>
              )}
            </>
          )}
          {error && <Alert severity="error" data-testid="connect-error">{error}</Alert>}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {canGoBack && (
              <Button onClick={() => void navigate('/login', { replace: true })} disabled={busy !== null}>{t('connect.backToLogin')}</Button>
            )}
            {mode === 'remote' && (
              <Button onClick={() => void runProbe()} disabled={busy !== null || !address.trim()}>
                {busy === 'probe' ? t('connect.probing') : t('connect.probe')}
              </Button>
            )}
            <Button type="submit" variant="contained" disabled={busy !== null}>
              {mode === 'remote' ? t('connect.save') : t('connect.saveStandalone')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
