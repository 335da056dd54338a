import { useState } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { SUSPEND_SCOPES, type Suspension, type SuspendScope } from '@shared/api/production';
import { AppDialog } from '@renderer/components/AppDialog';
import { useMaterialOptions } from '@renderer/features/lookups';
import { useT } from '@renderer/i18n/useT';
import type { MessageKey } from '@renderer/i18n/messages';
import { notify } from '@renderer/notify/toast';
import { readWorkstation } from '@renderer/session/workstation';
import { failureOf } from '@renderer/stations/scan';
import { productionApi } from './productionApi';

const SCOPE: Record<SuspendScope, MessageKey> = { plant: 'production.scope.plant', station: 'production.scope.station', gas: 'production.scope.gas' };

/** What a suspension stops, in words: 全厂, 工位 充装一号工位, 介质 液化石油气. */
export function scopeText(t: ReturnType<typeof useT>, s: Pick<Suspension, 'scope' | 'workstation' | 'materialName'>): string {
  const what = s.scope === 'station' ? s.workstation : s.scope === 'gas' ? s.materialName : null;
  return what ? `${t(SCOPE[s.scope])} ${what}` : t(SCOPE[s.scope]);
}

/**
 * 停止充装 / 恢复充装 (DB4114/T 185 remote stop): a supervisor stops filling for the whole plant, one workstation or one
 * gas with a reason; every affected station withdraws its permission within a second and shows the reason. The
 * suspensions in force are listed, each with 恢复充装.
 */
export function SuspendDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const gases = useMaterialOptions();
  const { data } = productionApi.useSuspensionsQuery({});
  const [suspend] = productionApi.useSuspendMutation();
  const [resume] = productionApi.useResumeMutation();
  const [scope, setScope] = useState<SuspendScope>('station');
  const [workstation, setWorkstation] = useState(readWorkstation());
  const [materialId, setMaterialId] = useState<number | ''>('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    setProblem(null);
    if (scope === 'station' && !workstation.trim()) return setProblem(t('production.suspendNeedStation'));
    if (scope === 'gas' && materialId === '') return setProblem(t('production.suspendNeedGas'));
    if (!reason.trim()) return setProblem(t('production.suspendReason'));
    try {
      await suspend({
        scope, reason: reason.trim(),
        ...(scope === 'station' ? { workstation: workstation.trim() } : {}),
        ...(scope === 'gas' && materialId !== '' ? { materialId } : {}),
      }).unwrap();
      notify(t('production.suspendNow'), 'success');
      setReason('');
    } catch (e) {
      setProblem(failureOf(e).message || t('production.refused'));
    }
  };

  const lift = async (s: Suspension) => {
    setProblem(null);
    try {
      await resume({
        scope: s.scope,
        ...(s.scope === 'station' && s.workstation ? { workstation: s.workstation } : {}),
        ...(s.scope === 'gas' && s.materialId !== null ? { materialId: s.materialId } : {}),
      }).unwrap();
      notify(t('production.resumeNow'), 'success');
    } catch (e) {
      setProblem(failureOf(e).message || t('production.refused'));
    }
  };

  const inForce = data?.all ?? [];
  return (
    <AppDialog open={open} title={t('production.suspendTitle')} width={600} onClose={onClose} onSubmit={submit}
      submitText={t('production.suspendNow')} danger>
      <Stack spacing={2}>
        <Typography variant="subtitle2">{t('production.suspensionsInForce')}</Typography>
        {inForce.length === 0 && <Typography color="text.secondary">{t('production.noSuspension')}</Typography>}
        <Box component="ul" aria-label={t('production.suspensionsInForce')} sx={{ m: 0, pl: 0, listStyle: 'none' }}>
          {inForce.map((s) => (
            <Box component="li" key={`${s.scope}-${s.workstation ?? ''}-${s.materialId ?? ''}`}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
              <Box sx={{ flex: 1 }}>
                <Typography sx={{ fontWeight: 700 }}>{scopeText(t, s)}：{s.reason}</Typography>
                <Typography variant="body2" color="text.secondary">{t('production.suspendedAt', { by: s.by ?? '—', at: s.at })}</Typography>
              </Box>
              <Button variant="outlined" size="small" onClick={() => void lift(s)}>{t('production.resumeNow')}</Button>
            </Box>
          ))}
        </Box>
        <Stack direction="row" spacing={1}>
          <TextField size="small" select label={t('production.suspendScope')} value={scope} onChange={(e) => setScope(e.target.value as SuspendScope)} sx={{ minWidth: 120 }}>
            {SUSPEND_SCOPES.map((s) => <MenuItem key={s} value={s}>{t(SCOPE[s])}</MenuItem>)}
          </TextField>
          {scope === 'station' && (
            <TextField size="small" label={t('production.suspendStation')} value={workstation} onChange={(e) => setWorkstation(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 64 } }} sx={{ flex: 1 }} />
          )}
          {scope === 'gas' && (
            <TextField size="small" select label={t('production.gas')} value={materialId} onChange={(e) => setMaterialId(Number(e.target.value))} sx={{ flex: 1 }}>
              {gases.map((g) => <MenuItem key={g.value} value={g.value}>{g.label}</MenuItem>)}
            </TextField>
          )}
        </Stack>
        <TextField label={t('production.suspendReason')} required value={reason} onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }} />
        {problem && <Alert severity="error">{problem}</Alert>}
      </Stack>
    </AppDialog>
  );
}
