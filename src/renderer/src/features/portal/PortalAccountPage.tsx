import { useState } from 'react';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead,
  TableRow, TextField, Typography,
} from '@mui/material';
import type { Invitation, PortalAccountRow } from '@shared/api/portal';
import { PageLoading } from '@renderer/components/PageLoading';
import { useCustomerOptions } from '@renderer/features/lookups';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { usePermission } from '@renderer/permission/permission';
import { portalApi } from './portalApi';

/** The invitation link, shown once (only its hash is kept), with 复制. */
function LinkShown({ invitation }: { invitation: Invitation }) {
  const t = useT();
  const copy = async () => {
    await navigator.clipboard?.writeText(invitation.link);
    notify(t('portalAccount.copied'), 'success');
  };
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Alert severity="info">{t('portalAccount.link', { expires: invitation.expiresAt })}</Alert>
      <TextField value={invitation.link} fullWidth slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'invitation-link' } }} />
      <Box><Button onClick={() => void copy()}>{t('portalAccount.copy')}</Button></Box>
    </Stack>
  );
}

/** 邀请: customer, name, phone or e-mail; then the link to hand over. */
function InviteDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const customers = useCustomerOptions();
  const [invite, { isLoading }] = portalApi.usePortalInviteMutation();
  const [enterpriseId, setEnterpriseId] = useState<number | ''>('');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState<Invitation | null>(null);
  const noContact = !phone.trim() && !email.trim();
  const submit = async () => {
    setTried(true);
    if (enterpriseId === '' || !name.trim() || noContact) return;
    try {
      setDone(await invite({ enterpriseId, name: name.trim(), phone: phone.trim() || null, email: email.trim() || null }).unwrap());
    } catch {
      // The server's reason is shown by the http layer.
    }
  };
  return (
    <Dialog open onClose={done ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('portalAccount.inviteTitle')}</DialogTitle>
      <DialogContent>
        {done ? <LinkShown invitation={done} /> : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField select label={t('portalAccount.customer')} value={enterpriseId} onChange={(e) => setEnterpriseId(Number(e.target.value))} required
              error={tried && enterpriseId === ''} helperText={tried && enterpriseId === '' ? t('portalAccount.customerRequired') : ' '}>
              {customers.map((c) => <MenuItem key={c.value} value={c.value}>{c.label}</MenuItem>)}
            </TextField>
            <TextField label={t('portalAccount.name')} value={name} onChange={(e) => setName(e.target.value)} required
              error={tried && !name.trim()} helperText={tried && !name.trim() ? t('portalAccount.nameRequired') : ' '} slotProps={{ htmlInput: { maxLength: 64 } }} />
            <TextField label={t('portalAccount.phone')} value={phone} onChange={(e) => setPhone(e.target.value)} slotProps={{ htmlInput: { maxLength: 20 } }}
              error={tried && noContact} helperText={tried && noContact ? t('portalAccount.contactRequired') : ' '} />
            <TextField label={t('portalAccount.email')} value={email} onChange={(e) => setEmail(e.target.value)} slotProps={{ htmlInput: { maxLength: 64 } }} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {done ? <Button variant="contained" onClick={onClose}>{t('portalAccount.done')}</Button> : (
          <>
            <Button onClick={onClose}>{t('portalAccount.cancel')}</Button>
            <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>{t('portalAccount.send')}</Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** 门户账号 (系统设置): the customers' portal accounts, 邀请, 重新邀请 and 启用/停用. */
export default function PortalAccountPage() {
  const t = useT();
  const { data, isLoading } = portalApi.usePortalAccountsQuery({ page: 1, size: 500 });
  const [reinvite] = portalApi.usePortalReinviteMutation();
  const [setStatus] = portalApi.usePortalAccountStatusMutation();
  const canInvite = usePermission(['portal:invite']);
  const canStatus = usePermission(['portal:status']);
  const [inviting, setInviting] = useState(false);
  const [relinked, setRelinked] = useState<Invitation | null>(null);
  if (isLoading || !data) return <PageLoading />;
  const again = async (a: PortalAccountRow) => {
    try {
      setRelinked(await reinvite({ id: a.id }).unwrap());
    } catch {
      // Shown by the http layer.
    }
  };
  const toggle = async (a: PortalAccountRow) => {
    try {
      await setStatus({ id: a.id, status: a.status === 1 ? 0 : 1 }).unwrap();
      notify(t('portalAccount.statusDone'), 'success');
    } catch {
      // Shown by the http layer.
    }
  };
  return (
    <Box sx={{ p: 2 }}>
      {canInvite && <Button variant="contained" onClick={() => setInviting(true)} sx={{ mb: 2 }}>{t('portalAccount.invite')}</Button>}
      <Paper>
        <Table size="small">
          <TableHead>
            <TableRow>
              {(['customer', 'name', 'username', 'state', 'createdAt'] as const).map((c) => <TableCell key={c}>{t(`portalAccount.${c}`)}</TableCell>)}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.list.map((a) => (
              <TableRow key={a.id} data-testid={`portal-account-${a.id}`}>
                <TableCell>{a.enterpriseName}</TableCell>
                <TableCell>{a.name}</TableCell>
                <TableCell>{a.username}</TableCell>
                <TableCell>
                  {a.status === 1 ? t('portalAccount.enabled') : t('portalAccount.disabled')}
                  {' · '}
                  {a.activated ? t('portalAccount.active') : t('portalAccount.pending')}
                </TableCell>
                <TableCell>{a.createdAt}</TableCell>
                <TableCell>
                  {canInvite && a.status === 1 && <Button size="small" onClick={() => void again(a)}>{t('portalAccount.reinvite')}</Button>}
                  {canStatus && (
                    <Button size="small" color={a.status === 1 ? 'error' : 'primary'} onClick={() => void toggle(a)}>
                      {a.status === 1 ? t('portalAccount.disable') : t('portalAccount.enable')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {data.list.length === 0 && <Typography sx={{ p: 2 }} color="text.secondary">{t('portalAccount.empty')}</Typography>}
      </Paper>
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
      {relinked && (
        <Dialog open fullWidth maxWidth="sm" onClose={() => setRelinked(null)}>
          <DialogTitle>{t('portalAccount.reinvite')}</DialogTitle>
          <DialogContent><LinkShown invitation={relinked} /></DialogContent>
          <DialogActions><Button variant="contained" onClick={() => setRelinked(null)}>{t('portalAccount.done')}</Button></DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
