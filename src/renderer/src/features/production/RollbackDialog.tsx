import { useState } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { RollbackPreview } from '@shared/api/production';
import { AppDialog } from '@renderer/components/AppDialog';
import { useConfirm } from '@renderer/components/ListPage';
import { statusLabel } from '@renderer/utils/productStatus';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { dateTime } from '@renderer/stations/format';
import { productionApi } from './productionApi';
import { CYLINDER_CODE, failureOf, newScanId } from '@renderer/stations/scan';

/**
 * 回退: a code → what would be undone (the cylinder's newest transition and the status it returns to) →
 * a reason → confirm → undone. The rollback is itself a trace event; a lost answer is sent again with
 * the same scanId, so it cannot undo twice.
 */
export function RollbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const confirm = useConfirm();
  const [code, setCode] = useState('');
  const [preview, setPreview] = useState<RollbackPreview | null>(null);
  const [scanId, setScanId] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [check, { isLoading: checking }] = productionApi.useRollbackCheckMutation();
  const [save] = productionApi.useRollbackSaveMutation();

  const close = () => {
    setCode('');
    setPreview(null);
    setReason('');
    setReasonError(false);
    setProblem(null);
    onClose();
  };

  const look = async () => {
    const c = code.trim();
    setPreview(null);
    setProblem(null);
    if (!CYLINDER_CODE.test(c)) return setProblem(t('production.badCode', { code: c }));
    try {
      setPreview(await check({ code: c }).unwrap());
      setScanId(newScanId());
    } catch (e) {
      const f = failureOf(e);
      setProblem(f.kind === 'refused' ? f.message : (f.message ?? t('production.lostNote')));
    }
  };

  const submit = async () => {
    if (!preview?.allowed) return;
    if (!reason.trim()) return setReasonError(true);
    const action = preview.actionName ?? preview.action ?? '';
    const ok = await confirm({
      title: t('production.rollbackConfirmTitle'), danger: true, okText: t('production.rollback'),
      message: t('production.rollbackConfirm', { code: preview.cylinder.code, action, status: preview.toStatus === null ? '—' : statusLabel(t, preview.toStatus) }),
    });
    if (!ok) return;
    try {
      // The transition shown is the one undone: if it changed meanwhile the server refuses instead of undoing another.
      const result = await save({ code: preview.cylinder.code, scanId, traceId: preview.traceId!, reason: reason.trim() }).unwrap();
      notify(result.message, 'success');
      close();
    } catch (e) {
      const f = failureOf(e);
      setProblem(f.kind === 'refused' ? f.message : t('production.rollbackLost'));
    }
  };

  return (
    <AppDialog open={open} title={t('production.rollbackTitle')} width={560} onClose={close} onSubmit={submit}
      submitText={t('production.rollback')} submitDisabled={!preview?.allowed} danger>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1}>
          <TextField size="small" autoFocus fullWidth label={t('production.code')} value={code} onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void look();
              }
            }} slotProps={{ htmlInput: { maxLength: 64, autoComplete: 'off' } }} />
          <Button variant="outlined" loading={checking} onClick={() => void look()}>{t('common.query')}</Button>
        </Stack>
        {problem && <Alert severity="error">{problem}</Alert>}
        {preview && (
          <Box data-testid="rollback-preview" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
            <Typography color="text.secondary">{t('production.code')}</Typography>
            <Typography>{preview.cylinder.code}（{statusLabel(t, preview.cylinder.status)}）</Typography>
            <Typography color="text.secondary">{t('production.undoes')}</Typography>
            <Typography sx={{ fontWeight: 700 }}>{preview.actionName ?? preview.action ?? '—'}</Typography>
            <Typography color="text.secondary">{t('production.doneAt')}</Typography>
            <Typography>{dateTime(preview.at)}{preview.operator ? ` · ${preview.operator}` : ''}</Typography>
            <Typography color="text.secondary">{t('production.returnsTo')}</Typography>
            <Typography sx={{ fontWeight: 700 }}>{preview.toStatus === null ? '—' : statusLabel(t, preview.toStatus)}</Typography>
          </Box>
        )}
        {preview && !preview.allowed && (
          <Alert severity="error">
            <Box component="ul" sx={{ m: 0, pl: 2 }}>{preview.reasons.map((r) => <li key={r}>{r}</li>)}</Box>
          </Alert>
        )}
        {preview?.allowed && (
          <TextField label={t('production.rollbackReason')} required multiline minRows={2} value={reason}
            onChange={(e) => (setReason(e.target.value), setReasonError(false))}
            error={reasonError} helperText={reasonError ? t('production.rollbackReasonRequired') : undefined}
            slotProps={{ htmlInput: { maxLength: 200 } }} />
        )}
      </Stack>
    </AppDialog>
  );
}
