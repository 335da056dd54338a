import { useState } from 'react';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Paper, Stack, Table, TableBody, TableCell,
  TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import type { ApiKeyCreated, ApiKeyRow } from '@shared/api/apiKey';
import { useConfirm } from '@renderer/components/ListPage/ConfirmProvider';
import { PageLoading } from '@renderer/components/PageLoading';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { usePermission } from '@renderer/permission/permission';
import { apiKeyApi } from './apiKeyApi';

const time = (iso: string | null): string => (iso ? new Date(iso).toLocaleString() : '');

/** 新增: account name, role and optional expiry; then the key, once, with 复制 and the warning. */
function CreateDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { data: roles = [] } = apiKeyApi.useApiKeyRolesQuery();
  const [create, { isLoading }] = apiKeyApi.useCreateApiKeyMutation();
  const [name, setName] = useState('');
  const [roleId, setRoleId] = useState<number | ''>('');
  const [expiresOn, setExpiresOn] = useState('');
  const [tried, setTried] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const submit = async () => {
    setTried(true);
    if (!name.trim() || roleId === '') return;
    try {
      setCreated(await create({ name: name.trim(), roleId, expiresOn: expiresOn || null }).unwrap());
    } catch {
      // The envelope's message is shown by the http layer.
    }
  };
  const copy = async () => {
    if (!created) return;
    await navigator.clipboard.writeText(created.key);
    notify(t('apiKey.copied'), 'success');
  };
  return (
    <Dialog open onClose={created ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('apiKey.createTitle')}</DialogTitle>
      <DialogContent>
        {created ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="warning">{t('apiKey.showOnce')}</Alert>
            <TextField value={created.key} slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-label': 'key', 'data-testid': 'api-key-secret' } }} fullWidth />
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t('apiKey.name')} value={name} onChange={(e) => setName(e.target.value)} required
              error={tried && !name.trim()} helperText={tried && !name.trim() ? t('apiKey.nameRequired') : ' '} slotProps={{ htmlInput: { maxLength: 64 } }} />
            <TextField select label={t('apiKey.role')} value={roleId} onChange={(e) => setRoleId(Number(e.target.value))} required
              error={tried && roleId === ''} helperText={tried && roleId === '' ? t('apiKey.roleRequired') : ' '}>
              {roles.map((r) => <MenuItem key={r.id} value={r.id}>{r.roleName}</MenuItem>)}
            </TextField>
            <TextField type="date" label={t('apiKey.expiresOn')} value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {created ? (
          <>
            <Button onClick={() => void copy()}>{t('apiKey.copy')}</Button>
            <Button variant="contained" onClick={onClose}>{t('apiKey.close')}</Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>{t('apiKey.cancel')}</Button>
            <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>{t('apiKey.create')}</Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** 接口密钥: the keys (never their secrets), 新增 and 吊销. */
export default function ApiKeyPage() {
  const t = useT();
  const confirm = useConfirm();
  const { data, isLoading } = apiKeyApi.useApiKeyPageQuery({ page: 1, size: 500 });
  const [revoke] = apiKeyApi.useRevokeApiKeyMutation();
  const canSave = usePermission(['apiKey:save']);
  const canRevoke = usePermission(['apiKey:revoke']);
  const [creating, setCreating] = useState(false);
  if (isLoading || !data) return <PageLoading />;
  const state = (k: ApiKeyRow) => (k.revokedAt ? t('apiKey.revoked') : k.active ? t('apiKey.active') : t('apiKey.expired'));
  const askRevoke = (k: ApiKeyRow) => void confirm({
    title: t('apiKey.revokeTitle'), danger: true, okText: t('apiKey.revoke'),
    message: t('apiKey.revokeConfirm', { prefix: k.prefix, account: k.accountName }),
    action: async () => {
      await revoke({ id: k.id }).unwrap();
      notify(t('apiKey.revokedDone'), 'success');
    },
  });
  return (
    <Box sx={{ p: 2 }}>
      {canSave && <Button variant="contained" onClick={() => setCreating(true)} sx={{ mb: 2 }}>{t('apiKey.add')}</Button>}
      <Paper>
        <Table size="small">
          <TableHead>
            <TableRow>
              {(['prefix', 'account', 'role', 'createdAt', 'expiresAt', 'lastUsedAt', 'state'] as const).map((c) => <TableCell key={c}>{t(`apiKey.${c}`)}</TableCell>)}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.list.map((k) => (
              <TableRow key={k.id}>
                <TableCell>{`ctk_${k.prefix}_…`}</TableCell>
                <TableCell>{k.accountName}</TableCell>
                <TableCell>{k.roleNames.join('、')}</TableCell>
                <TableCell>{time(k.createdAt)}</TableCell>
                <TableCell>{k.expiresAt ? time(k.expiresAt) : t('apiKey.noExpiry')}</TableCell>
                <TableCell>{k.lastUsedAt ? time(k.lastUsedAt) : t('apiKey.never')}</TableCell>
                <TableCell>{state(k)}</TableCell>
                <TableCell>{canRevoke && !k.revokedAt && <Button size="small" color="error" onClick={() => askRevoke(k)}>{t('apiKey.revoke')}</Button>}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {data.list.length === 0 && <Typography sx={{ p: 2 }} color="text.secondary">{t('apiKey.empty')}</Typography>}
      </Paper>
      {creating && <CreateDialog onClose={() => setCreating(false)} />}
    </Box>
  );
}
