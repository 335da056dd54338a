import { useState } from 'react';
import { Alert, Stack, TextField } from '@mui/material';
import type { UserRow } from '@shared/api/user';
import { AppDialog } from '@renderer/components/AppDialog';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { userApi } from './userApi';
import { newPasswordProblem } from '@renderer/features/password';

/** An administrator sets a new password for another user. */
export function ResetPasswordDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const t = useT();
  const [reset] = userApi.useAdminResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setPassword('');
    setConfirm('');
    setProblem(null);
    onClose();
  };

  const save = async () => {
    if (!user) return;
    const key = newPasswordProblem(password, confirm);
    if (key) return setProblem(t(key));
    const result = await reset({ id: user.id, newPassword: password });
    if ('error' in result) return;
    notify(t('password.reset'), 'success');
    close();
  };

  return (
    <AppDialog open={!!user} onClose={close} onSubmit={save} width={420} title={t('user.resetPasswordFor', { name: user?.name ?? '' })}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {problem && <Alert severity="error">{problem}</Alert>}
        <TextField label={t('password.new')} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
        <TextField label={t('password.confirm')} type="password" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" />
      </Stack>
    </AppDialog>
  );
}
