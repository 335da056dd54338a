import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { AUTH } from '@shared/api/auth';
import { PORTAL } from '@shared/api/portal';
import { completeSignIn } from '@renderer/features/auth';
import { PageLoading } from '@renderer/components/PageLoading';
import { useT } from '@renderer/i18n/useT';
import { useAppDispatch } from '@renderer/store/hooks';
import { callEndpoint } from '@renderer/store/endpoints';
import { portalApi } from './portalApi';
import { PORTAL_ROOT } from './portalScreens';

/**
 * The invitation link (/portal/invite?token=…, no sign-in): who is invited by which customer; the password set once,
 * then the account signs in and lands on the portal.
 */
export default function PortalInvitePage() {
  const t = useT();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data, isLoading, isError } = portalApi.useInvitationCheckQuery({ token }, { skip: token.length < 16 });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (isLoading) return <PageLoading />;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password.length < 8) return setError(t('portal.passwordShort'));
    if (password !== confirm) return setError(t('portal.passwordMismatch'));
    setError(null);
    setBusy(true);
    try {
      const { username } = await callEndpoint(PORTAL.invitationAccept, { token, password }, { silent: true });
      const session = await callEndpoint(AUTH.login, { username, password }, { silent: true });
      await completeSignIn(dispatch, session);
      void navigate(PORTAL_ROOT, { replace: true });
    } catch (err) {
      setError((err as { message?: string }).message ?? String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Paper sx={{ p: 3, width: '100%', maxWidth: 420 }}>
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>{t('portal.inviteTitle')}</Typography>
        {!data || isError ? <Alert severity="error">{t('portal.inviteInvalid')}</Alert> : (
          <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)} noValidate>
            <Typography data-testid="invite-welcome">
              {t('portal.inviteWelcome', { name: data.name, enterprise: data.enterpriseName, username: data.username })}
            </Typography>
            <TextField type="password" label={t('portal.password')} value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
            <TextField type="password" label={t('portal.confirm')} value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" />
            {error && <Alert severity="error">{error}</Alert>}
            <Button type="submit" variant="contained" disabled={busy}>{t('portal.setPassword')}</Button>
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
