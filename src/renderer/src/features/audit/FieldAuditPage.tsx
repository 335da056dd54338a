import { useEffect, useState } from 'react';
import { Alert, Autocomplete, Box, Button, Dialog, DialogActions, DialogContent, IconButton, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { AUDIT } from '@shared/api/audit';
import { ScanInput } from '@renderer/components/ScanInput';
import { lookupsApi } from '@renderer/features/lookups';
import { useT } from '@renderer/i18n/useT';
import { failureOf, newScanId } from '@renderer/stations/scan';
import { callEndpoint } from '@renderer/store/endpoints';
import { addCode, codeOfScan, currentCount, endCount, keepCustomers, keptCustomers, plantTime, removeCode, startCount, type KeptCount, type KeptCustomer } from './countStore';

type Notice = { kind: 'success' | 'warning' | 'error'; text: string } | null;

/**
 * 客户盘点 in the field app (/field/audit): choose the customer, then scan everything present — a blind count: what the
 * records expect is never shown. Each scan is kept on the device at once (IndexedDB), so the count survives a reload
 * and a visit without network; 提交盘点 sends it in one call the server takes once (its auditId chosen here).
 */
export default function FieldAuditPage() {
  const t = useT();
  const [count, setCount] = useState<KeptCount | null | undefined>(undefined);
  const [customers, setCustomers] = useState<KeptCustomer[]>([]);
  const [chosen, setChosen] = useState<KeptCustomer | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [sending, setSending] = useState(false);
  const [confirmGiveUp, setConfirmGiveUp] = useState(false);
  const { data: online } = lookupsApi.useEnterpriseOptionsQuery({ type: '2' });

  useEffect(() => {
    void currentCount().then(setCount);
    // The device's copy only until the server's list has come (which may answer first).
    void keptCustomers().then((kept) => setCustomers((current) => (current.length ? current : kept)));
  }, []);
  useEffect(() => {
    if (!online) return;
    const list = online.map((c) => ({ id: c.id, name: c.enterpriseName, code: c.enterpriseCode }));
    setCustomers(list);
    void keepCustomers(list);
  }, [online]);

  const start = async () => {
    if (!chosen) return;
    setNotice(null);
    setCount(await startCount(newScanId(), chosen));
  };

  const onScan = async (text: string) => {
    const code = codeOfScan(text);
    if (!code) throw new Error(t('field.audit.badCode', { text }));
    const { count: kept, added } = await addCode(count!.auditId, code);
    setCount(kept);
    if (!added) throw new Error(t('field.audit.already', { code }));
    return t('field.audit.scanned', { code });
  };

  const submit = async () => {
    if (!count) return;
    setSending(true);
    try {
      const result = await callEndpoint(AUDIT.submit, {
        auditId: count.auditId, customerId: count.customerId, codes: count.codes, countedAt: plantTime(count.startedAt),
      }, { silent: true, action: true });
      await endCount(count.auditId);
      setCount(null);
      setChosen(null);
      setNotice({ kind: 'success', text: t('field.audit.submitted', { auditNo: result.auditNo, count: result.counted }) });
    } catch (e) {
      const failure = failureOf(e);
      setNotice(failure.kind === 'refused'
        ? { kind: 'error', text: failure.message }
        : { kind: 'warning', text: t('field.audit.keptOffline', { why: failure.message ?? t('field.audit.noNetwork') }) });
    } finally {
      setSending(false);
    }
  };

  const giveUp = async () => {
    setConfirmGiveUp(false);
    if (count) await endCount(count.auditId);
    setCount(null);
  };

  if (count === undefined) return null;
  return (
    <Box sx={{ p: 2, maxWidth: 560, mx: 'auto' }}>
      <Typography variant="h6" sx={{ mb: 1 }}>{t('field.audit.title')}</Typography>
      {notice && <Alert severity={notice.kind} sx={{ mb: 2 }} data-testid="audit-notice">{notice.text}</Alert>}
      {!count ? (
        <Stack spacing={2}>
          {customers.length === 0 && <Alert severity="info">{t('field.audit.noCustomers')}</Alert>}
          <Autocomplete
            options={customers} value={chosen} onChange={(_e, v) => setChosen(v)}
            getOptionLabel={(c) => `${c.name}（${c.code}）`} isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} label={t('field.audit.chooseCustomer')} />}
          />
          <Button variant="contained" size="large" disabled={!chosen} onClick={() => void start()}>{t('field.audit.start')}</Button>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Typography variant="subtitle1" data-testid="audit-customer">{count.customerName}</Typography>
          <Typography variant="body2" color="text.secondary">{t('field.audit.hint')}</Typography>
          <ScanInput onScan={onScan} />
          <Typography sx={{ fontSize: 24, fontWeight: 700 }} data-testid="audit-count">{t('field.audit.countedN', { count: count.codes.length })}</Typography>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" size="large" loading={sending} disabled={count.codes.length === 0} onClick={() => void submit()}>{t('field.audit.submit')}</Button>
            <Button color="error" onClick={() => setConfirmGiveUp(true)}>{t('field.audit.giveUp')}</Button>
          </Stack>
          {count.codes.length === 0 ? <Typography color="text.secondary">{t('field.audit.empty')}</Typography> : (
            <List dense aria-label={t('field.audit.countedN', { count: count.codes.length })}>
              {[...count.codes].reverse().map((code) => (
                <ListItem key={code} secondaryAction={(
                  <IconButton edge="end" aria-label={`${t('field.audit.remove')} ${code}`} onClick={() => void removeCode(count.auditId, code).then((c) => c && setCount(c))}>
                    <DeleteIcon />
                  </IconButton>
                )}>
                  <ListItemText primary={code} />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      )}
      <Dialog open={confirmGiveUp} onClose={() => setConfirmGiveUp(false)}>
        <DialogContent>{t('field.audit.giveUpConfirm', { count: count?.codes.length ?? 0 })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmGiveUp(false)}>{t('common.cancel')}</Button>
          <Button color="error" onClick={() => void giveUp()}>{t('common.ok')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
