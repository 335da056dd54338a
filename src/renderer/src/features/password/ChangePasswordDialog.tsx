import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { changePasswordToggled } from '@renderer/store/appSlice';
import { useAppDispatch, useAppSelector } from '@renderer/store/hooks';
import { useResetOwnPasswordMutation } from '@renderer/features/auth';
import { newPasswordProblem } from './passwordRules';

/** 修改密码: the signed-in user changes their own password (the old one is required). */
export function ChangePasswordDialog() {
  const t = useT();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.app.changePasswordOpen);
  const [change, { isLoading }] = useResetOwnPasswordMutation();
  const [oldPassword, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setOld('');
    setPassword('');
    setConfirm('');
    setProblem(null);
    dispatch(changePasswordToggled(false));
  };

  const save = async () => {
    if (!oldPassword) return setProblem(t('password.oldRequired'));
    const key = newPasswordProblem(password, confirm);
    if (key) return setProblem(t(key));
    const result = await change({ oldPassword, newPassword: password });
    if ('error' in result) return;
    notify(t('password.changed'), 'success');
    close();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <DialogTitle id="change-password-title">{t('header.changePassword')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <TextField label={t('password.old')} type="password" value={oldPassword} onChange={(e) => setOld(e.target.value)} autoComplete="current-password" />
          <TextField label={t('password.new')} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
          <TextField label={t('password.confirm')} type="password" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={isLoading}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
