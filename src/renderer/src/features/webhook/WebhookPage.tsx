import { useState } from 'react';
import {
  Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Paper, Stack, Switch,
  Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { RENTAL_EVENT_NAMES, type RentalEventType } from '@shared/api/integration';
import { WEBHOOK_EVENT_TYPES, type WebhookRow } from '@shared/api/webhook';
import { actionLabel } from '@shared/lifecycle';
import { PageLoading } from '@renderer/components/PageLoading';
import { useT } from '@renderer/i18n/useT';
import { usePermission } from '@renderer/permission/permission';
import { webhookApi } from './webhookApi';

const time = (iso: string | null | undefined): string => (iso ? new Date(iso).toLocaleString() : '');
const typeLabel = (type: string): string => {
  if (type === 'cylinder.updated') return '档案变更';
  if (type in RENTAL_EVENT_NAMES) return RENTAL_EVENT_NAMES[type as RentalEventType].zh;
  return actionLabel(type.replace(/^trace\./, ''));
};

interface Draft { id?: number; url: string; all: boolean; events: string[]; enabled: boolean }

function EditDialog({ draft, onClose, onSaved }: { draft: Draft; onClose: () => void; onSaved: (secret: string | null) => void }) {
  const t = useT();
  const [d, setD] = useState(draft);
  const [save, { isLoading }] = webhookApi.useSaveWebhookMutation();
  const submit = async () => {
    try {
      const r = await save({ ...(d.id ? { id: d.id } : {}), url: d.url.trim(), events: d.all ? ['*'] : d.events, enabled: d.enabled }).unwrap();
      onSaved(r.secret);
    } catch {
      // The envelope's message is shown by the http layer.
    }
  };
  const toggle = (type: string) => setD({ ...d, events: d.events.includes(type) ? d.events.filter((e) => e !== type) : [...d.events, type] });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t(d.id ? 'webhook.edit' : 'webhook.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('webhook.url')} value={d.url} onChange={(e) => setD({ ...d, url: e.target.value })} slotProps={{ htmlInput: { 'data-testid': 'webhook-url' } }} />
          <FormControlLabel control={<Checkbox checked={d.all} onChange={(e) => setD({ ...d, all: e.target.checked })} />} label={t('webhook.allEvents')} />
          {!d.all && (
            <Box>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <FormControlLabel key={type} control={<Checkbox checked={d.events.includes(type)} onChange={() => toggle(type)} />} label={typeLabel(type)} />
              ))}
            </Box>
          )}
          <FormControlLabel control={<Switch checked={d.enabled} onChange={(e) => setD({ ...d, enabled: e.target.checked })} />} label={t('webhook.enabled')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('webhook.cancel')}</Button>
        <Button variant="contained" disabled={isLoading || !d.url.trim() || (!d.all && d.events.length === 0)} onClick={() => void submit()}>{t('webhook.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function Deliveries({ id }: { id: number }) {
  const t = useT();
  const { data } = webhookApi.useWebhookDeliveriesQuery({ id, size: 50 }, { pollingInterval: 3_000 });
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="subtitle1">{t('webhook.log')}</Typography>
      <Table size="small" data-testid="webhook-deliveries">
        <TableHead>
          <TableRow>
            <TableCell>{t('webhook.sentAt')}</TableCell><TableCell>{t('webhook.seqs')}</TableCell><TableCell>{t('webhook.status')}</TableCell>
            <TableCell>{t('webhook.duration')}</TableCell><TableCell>{t('webhook.answered')}</TableCell><TableCell>{t('webhook.error')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(data?.list ?? []).map((r) => (
            <TableRow key={r.id}>
              <TableCell>{time(r.sentAt)}</TableCell>
              <TableCell>{r.firstSeq === r.lastSeq ? r.firstSeq : `${r.firstSeq}–${r.lastSeq}（${r.count}）`}</TableCell>
              <TableCell>{r.status ?? '—'}</TableCell>
              <TableCell>{r.durationMs} ms</TableCell>
              <TableCell sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{r.response ?? ''}</TableCell>
              <TableCell>{r.error ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function ReplayDialog({ row, onClose }: { row: WebhookRow; onClose: () => void }) {
  const t = useT();
  const [seq, setSeq] = useState('');
  const [at, setAt] = useState('');
  const [replay, { isLoading }] = webhookApi.useReplayWebhookMutation();
  const submit = async () => {
    try {
      await replay(seq.trim() ? { id: row.id, fromSeq: Number(seq) } : { id: row.id, fromTime: at.trim() }).unwrap();
      onClose();
    } catch {
      // Shown by the http layer.
    }
  };
  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>{t('webhook.replay')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('webhook.fromSeq')} value={seq} onChange={(e) => setSeq(e.target.value.replace(/\D/g, ''))} slotProps={{ htmlInput: { 'data-testid': 'webhook-from-seq' } }} />
          <TextField label={t('webhook.fromTime')} value={at} onChange={(e) => setAt(e.target.value)} disabled={!!seq} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('webhook.cancel')}</Button>
        <Button variant="contained" disabled={isLoading || (!seq && !at.trim())} onClick={() => void submit()}>{t('webhook.replay')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** 接口推送: endpoints with their state, 新增/编辑, the secret once, the delivery log, 暂停/启用, 重新推送. */
export default function WebhookPage() {
  const t = useT();
  const { data, isLoading } = webhookApi.useWebhookListQuery(undefined, { pollingInterval: 5_000 });
  const [enable] = webhookApi.useEnableWebhookMutation();
  const [remove] = webhookApi.useDeleteWebhookMutation();
  const canSave = usePermission(['webhook:save']);
  const canReplay = usePermission(['webhook:replay']);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [replaying, setReplaying] = useState<WebhookRow | null>(null);
  if (isLoading || !data) return <PageLoading />;
  const state = (r: WebhookRow) => (!r.enabled ? t('webhook.paused') : r.state === 'failing' ? t('webhook.failing') : t('webhook.ok'));
  return (
    <Box sx={{ p: 2 }}>
      <Stack spacing={2}>
        {canSave && (
          <Box><Button variant="contained" onClick={() => setDraft({ url: '', all: true, events: [], enabled: true })}>{t('webhook.add')}</Button></Box>
        )}
        {secret && <Alert severity="warning" onClose={() => setSecret(null)}>{t('webhook.secretOnce')} <code data-testid="webhook-secret">{secret}</code></Alert>}
        <Paper>
          <Table size="small" data-testid="webhook-list">
            <TableHead>
              <TableRow>
                <TableCell>{t('webhook.url')}</TableCell><TableCell>{t('webhook.events')}</TableCell><TableCell>{t('webhook.state')}</TableCell>
                <TableCell>{t('webhook.cursor')}</TableCell><TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.length === 0 && <TableRow><TableCell colSpan={5}>{t('webhook.none')}</TableCell></TableRow>}
              {data.map((r) => (
                <TableRow key={r.id} selected={selected === r.id}>
                  <TableCell>{r.url}</TableCell>
                  <TableCell>{r.events.includes('*') ? t('webhook.allEvents') : r.events.map(typeLabel).join('、')}</TableCell>
                  <TableCell>{state(r)}{r.lastError ? `（${r.lastError}）` : ''}</TableCell>
                  <TableCell>{r.cursor} / {r.latest}</TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => setSelected(r.id)}>{t('webhook.log')}</Button>
                    {canSave && <Button size="small" onClick={() => setDraft({ id: r.id, url: r.url, all: r.events.includes('*'), events: r.events.filter((e) => e !== '*'), enabled: r.enabled })}>{t('webhook.edit')}</Button>}
                    {canSave && <Button size="small" onClick={() => void enable({ id: r.id, enabled: !r.enabled })}>{t(r.enabled ? 'webhook.pause' : 'webhook.resume')}</Button>}
                    {canReplay && <Button size="small" onClick={() => setReplaying(r)}>{t('webhook.replay')}</Button>}
                    {canSave && <Button size="small" color="error" onClick={() => void remove({ id: r.id })}>{t('webhook.delete')}</Button>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
        {selected !== null && <Deliveries id={selected} />}
      </Stack>
      {draft && <EditDialog draft={draft} onClose={() => setDraft(null)} onSaved={(s) => { setDraft(null); if (s) setSecret(s); }} />}
      {replaying && <ReplayDialog row={replaying} onClose={() => setReplaying(null)} />}
    </Box>
  );
}
