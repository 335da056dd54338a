import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { APP_INFO } from '@shared/app';
import { useT } from '@renderer/i18n/useT';
import { clearUserInfo } from '@renderer/session/session';
import { useAppDispatch } from '@renderer/store/hooks';
import type { QueryError } from '@renderer/store/api';
import { LanguageSwitch } from '@renderer/layout/LanguageSwitch';
import { useLoginMutation } from '@renderer/features/auth/authApi';
import { useRootInfoQuery } from '@renderer/store/rootInfoApi';
import { completeSignIn } from '@renderer/features/auth/sessionFlow';

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
      await completeSignIn(dispatch, data);
      void navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      setError((err as QueryError).message ?? String(err));
    } finally {
      setBusy(false);
    }
  };

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
        </Stack>
      </Paper>
    </Box>
  );
}
