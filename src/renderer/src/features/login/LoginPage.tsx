import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { APP_INFO } from '@shared/app';
import { useT } from '@renderer/i18n/useT';
import { clearUserInfo } from '@renderer/session/session';
import { useAppDispatch } from '@renderer/store/hooks';
import type { QueryError } from '@renderer/store/api';
import { LanguageSwitch } from '@renderer/layout/LanguageSwitch';
import { changeInitialPassword, completeSignIn, useLoginMutation } from '@renderer/features/auth';
import { useRootInfoQuery } from '@renderer/store/rootInfoApi';
import { newPasswordProblem } from '@renderer/features/password';
import type { TokenData } from '@shared/api/auth';
import { PORTAL_ROOT } from '@renderer/features/portal';

/** Only same-app paths are followed after sign-in. */
const safeRedirect = (value: string | null): string => (value && value.startsWith('/') && !value.startsWith('//') ? value : '/main/home');

export default function LoginPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [login, { isLoading }] = useLoginMutation();
  const { data: info } = useRootInfoQuery();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A sign-in whose password an administrator set: held here until the user has chosen their own.
  const [initial, setInitial] = useState<{ data: TokenData; oldPassword: string } | null>(null);
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  useEffect(() => {
    // Visiting login ends whatever user info was left; the desktop window is maximised on entering and leaving.
    clearUserInfo();
    void window.api?.windowMaximize();
    return () => void window.api?.windowMaximize();
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) return setError(t('login.required'));
    setError(null);
    setBusy(true);
    try {
      const data = await login({ username: username.trim(), password }).unwrap();
      if (data.mustChangePassword) {
        setInitial({ data, oldPassword: password });
        setPassword('');
        return;
      }
      await completeSignIn(dispatch, data);
      // A customer's portal account lands on the portal, whatever the link asked for.
      void navigate(data.portal ? PORTAL_ROOT : safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      setError((err as QueryError).message ?? String(err));
    } finally {
      setBusy(false);
    }
  };

  const submitNewPassword = async (e: FormEvent) => {
    e.preventDefault();
    if (!initial) return;
    const problem = newPasswordProblem(newPassword, confirm);
    if (problem) return setError(t(problem));
    setError(null);
    setBusy(true);
    try {
      await changeInitialPassword(initial.data, initial.oldPassword, newPassword);
      await completeSignIn(dispatch, { ...initial.data, mustChangePassword: false });
      void navigate(initial.data.portal ? PORTAL_ROOT : safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      // The server's reason (the password policy) is shown here, where the user can act on it.
      setError((err as QueryError).message ?? String(err));
    } finally {
      setBusy(false);
    }
  };

  const backToSignIn = () => {
    setInitial(null);
    setNewPassword('');
    setConfirm('');
    setError(null);
  };

  if (initial) {
    return (
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
        <Paper component="form" onSubmit={(e) => void submitNewPassword(e)} noValidate sx={{ p: 4, width: 380 }} elevation={3}
          aria-labelledby="initial-password-title">
          <Stack spacing={2.5}>
            <Typography variant="h6" component="h1" id="initial-password-title" sx={{ textAlign: 'center' }}>
              {t('login.mustChangeTitle')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('login.mustChangeHint')}</Typography>
            {error && <Alert severity="error" data-testid="login-error">{error}</Alert>}
            <TextField label={t('password.new')} type="password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)}
              autoComplete="new-password" autoFocus fullWidth />
            <TextField label={t('password.confirm')} type="password" value={confirm} onChange={(e) => setConfirm(e.target.value)}
              autoComplete="new-password" fullWidth />
            <Button type="submit" variant="contained" size="large" disabled={busy}>{t('login.mustChangeSubmit')}</Button>
            <Button onClick={backToSignIn} disabled={busy}>{t('login.backToSignIn')}</Button>
          </Stack>
        </Paper>
      </Box>
    );
  }

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
      <Box sx={{ position: 'fixed', top: 12, right: 16 }}>
        <LanguageSwitch />
      </Box>
      <Paper component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ p: 4, width: 380 }} elevation={3} aria-labelledby="login-title">
        <Stack spacing={2.5}>
          <Typography variant="h5" component="h1" id="login-title" sx={{ textAlign: 'center' }}>
            {info?.title ?? APP_INFO.title}
          </Typography>
          <Typography variant="subtitle1" sx={{ textAlign: 'center', color: 'text.secondary' }}>
            {t('login.title')}
          </Typography>
          {error && (
            <Alert severity="error" data-testid="login-error">
              {error}
            </Alert>
          )}
          <TextField label={t('login.username')} value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" autoFocus fullWidth />
          <TextField
            label={t('login.password')}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={busy || isLoading}>
            {t('login.submit')}
          </Button>
          {/* Desktop only: where the server is (a browser is served by it). */}
          {window.api && (
            <Button size="small" onClick={() => void navigate('/connect')} sx={{ alignSelf: 'center' }}>
              {t('connect.title')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
