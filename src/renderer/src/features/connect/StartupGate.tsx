import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router-dom';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import { connectivity } from '@renderer/stations/connectivity';
import { RetryScreen } from './RetryScreen';
import { afterProbe, autoRetries, connectionApi, firstStep, ipcErrorMessage, retryDelayMs, type StartupStatus } from './startup';

/**
 * The layout route in front of login and every screen, in the desktop shell: no server address yet →
 * 服务器设置 (/connect); a server that does not answer → the retry screen; otherwise the screens. Checked
 * once per start (this route stays mounted while the user moves between screens) and again after
 * 服务器设置, which lives outside it. In a browser it renders the screens straight away.
 */
export function StartupGate() {
  const t = useT();
  const navigate = useNavigate();
  const [api] = useState(connectionApi);
  const [status, setStatus] = useState<StartupStatus>(() => (api ? { kind: 'checking', url: null } : { kind: 'ready' }));
  const [busy, setBusy] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const mounted = useRef(true);
  // Bumped when the user enters offline: a check still in flight then answers into the void instead of
  // putting the retry screen back over the station the user chose.
  const generation = useRef(0);
  // A PC with a local copy of the gate facts may enter without the server: its stations work offline.
  const [canWorkOffline, setCanWorkOffline] = useState(false);
  useEffect(() => {
    if (status.kind !== 'unreachable') return;
    // Loaded only now: the local copy's database code stays out of the login screen's scripts.
    void import('@renderer/features/offline')
      .then((m) => m.copyReady())
      .then((ready) => mounted.current && setCanWorkOffline(ready), () => undefined);
  }, [status.kind]);

  const check = useCallback(
    async (attempt: number, restartLocal: boolean): Promise<void> => {
      if (!api) return;
      const asked = generation.current;
      let next: StartupStatus;
      try {
        let connection = await api.settingsGetConnection();
        // 重试 in standalone mode starts the local server again (a running one is left as it is).
        if (restartLocal && connection.standalone) {
          connection = await api.settingsSetStandalone({ standalone: true, lanAccess: connection.lanAccess, port: connection.port });
        }
        const step = firstStep(connection, attempt);
        if (step.kind === 'probe') {
          if (attempt === 0) setStatus({ kind: 'checking', url: connection.standalone ? null : step.url });
          next = afterProbe(await api.settingsProbeServer(step.url), connection.standalone, attempt);
        } else {
          next = step;
        }
      } catch (error) {
        next = { kind: 'unreachable', url: null, reason: ipcErrorMessage(error), standalone: false, attempt };
      }
      if (mounted.current && generation.current === asked) setStatus(next);
    },
    [api],
  );

  const retry = useCallback(async () => {
    if (status.kind !== 'unreachable') return;
    setBusy(true);
    await check(status.attempt + 1, status.standalone);
    if (mounted.current) setBusy(false);
  }, [check, status]);

  useEffect(() => {
    mounted.current = true;
    void check(0, false);
    return () => {
      mounted.current = false;
    };
  }, [check]);

  // A remote server is retried by itself, with growing pauses, while the screen shows the countdown.
  useEffect(() => {
    if (!autoRetries(status) || busy || status.kind !== 'unreachable') return;
    const delay = retryDelayMs(status.attempt);
    const due = Date.now() + delay;
    setSeconds(Math.ceil(delay / 1000));
    const tick = setInterval(() => setSeconds(Math.max(0, Math.ceil((due - Date.now()) / 1000))), 1000);
    const timer = setTimeout(() => void retry(), delay);
    return () => {
      clearInterval(tick);
      clearTimeout(timer);
    };
  }, [status, busy, retry]);

  switch (status.kind) {
    case 'ready':
      return <Outlet />;
    case 'needsAddress':
      return <Navigate to="/connect" replace />;
    case 'checking':
      return (
        <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
          <Box sx={{ textAlign: 'center' }}>
            <CircularProgress size={32} />
            <Typography sx={{ mt: 2, color: 'text.secondary' }}>
              {t('connect.checking', { url: status.url ?? t('connect.localServer') })}
            </Typography>
          </Box>
        </Box>
      );
    case 'unreachable':
      return (
        <RetryScreen
          status={status}
          busy={busy}
          seconds={autoRetries(status) ? seconds : 0}
          onRetry={() => void retry()}
          onSettings={() => void navigate('/connect')}
          onOffline={canWorkOffline ? () => (generation.current++, connectivity.lost(), setStatus({ kind: 'ready' })) : undefined}
        />
      );
  }
}
