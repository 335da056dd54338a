import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import type { FillPreview } from '@shared/api/production';
import { FILL_HEARTBEAT_SECONDS, type FillState } from '@shared/fill-cycle';
import { deviceErrorText } from '@renderer/devices/devices';
import { useT } from '@renderer/i18n/useT';
import { fillDevice, type StationCancel } from './fillDevice';
import { productionApi } from './productionApi';

/** One fill at the filling scale, from the granted permission to its end. */
export interface Cycle {
  code: string;
  /** The scanId of this fill: the device side's cycle and the record's scanId. */
  fillId: string;
  materialId: number;
  fill: FillPreview & { tareKg: number; targetNetKg: number };
  started: FillState;
}

/** How often the station asks the device side (each ask is also its heartbeat) and the server (a suspension). */
export const FILL_POLL = { stateMs: 250, suspensionMs: 500 };

const round = (n: number) => Math.round(n * 1000) / 1000;
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The running fill: the target, the live gross and net weight with a progress bar, 取消充装. Polls the device side
 * (the heartbeat) and the server's suspension; on a suspension it withdraws the permission itself and says why.
 * Calls `onEnd` once with the final state (done, or aborted with its reason).
 */
export function FillCycleBox({ cycle, onEnd }: { cycle: Cycle; onEnd: (state: FillState, suspendedFor: string | null) => void }) {
  const t = useT();
  const [state, setState] = useState<FillState>(cycle.started);
  const [problem, setProblem] = useState<string | null>(null);
  const [suspendedBy, setSuspendedBy] = useState<string | null>(null);
  const [askSuspension] = productionApi.useFillSuspensionMutation();
  const ended = useRef(false);
  const suspension = useRef<string | null>(null);
  const latest = useRef(state);
  latest.current = state;
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;

  useEffect(() => {
    let stop = false;
    const finish = (s: FillState) => {
      if (ended.current) return;
      ended.current = true;
      stop = true;
      onEndRef.current(s, suspension.current);
    };
    // The device side: every answer keeps the permission alive; without answers for the heartbeat's time the
    // device side has withdrawn it already (its fail-safe): the station records the fill as lost.
    void (async () => {
      let lastAnswer = Date.now();
      while (!stop) {
        try {
          const s = await fillDevice.state(cycle.fillId);
          lastAnswer = Date.now();
          if (stop) return;
          setState(s);
          setProblem(s.message);
          if (s.phase === 'done' || s.phase === 'aborted') return finish(s);
        } catch (e) {
          setProblem(deviceErrorText(e));
          if (Date.now() - lastAnswer > FILL_HEARTBEAT_SECONDS * 1000) {
            return finish({ ...latest.current, phase: 'aborted', reason: 'stationLost', releasedAt: new Date().toISOString() });
          }
        }
        await wait(FILL_POLL.stateMs);
      }
    })();
    // The server: filling suspended for this station, its gas or the plant → withdraw the permission now.
    void (async () => {
      while (!stop) {
        await wait(FILL_POLL.suspensionMs);
        if (stop) return;
        try {
          const answer = await askSuspension({ materialId: cycle.materialId }).unwrap();
          if (answer.suspended && !stop) {
            suspension.current = answer.suspended.reason;
            setSuspendedBy(answer.suspended.reason);
            await fillDevice.cancel(cycle.fillId, 'suspended').catch(() => undefined);
            return;
          }
        } catch {
          // The server away: the device side's own fail-safes hold; the next poll asks again.
        }
      }
    })();
    return () => {
      stop = true;
      // The station closes (a switch of tabs) mid-fill: the permission is withdrawn now, not at the heartbeat's end,
      // and the fill is recorded as interrupted with the weight last seen.
      if (!ended.current) {
        ended.current = true;
        void fillDevice.cancel(cycle.fillId, 'cancelled').catch(() => undefined);
        onEndRef.current({ ...latest.current, phase: 'aborted', reason: 'cancelled', releasedAt: latest.current.releasedAt ?? new Date().toISOString() }, null);
      }
    };
  }, [cycle.fillId, cycle.materialId, askSuspension]);

  const cancel = (reason: StationCancel) => {
    void fillDevice.cancel(cycle.fillId, reason).then(setState, (e: unknown) => setProblem(deviceErrorText(e)));
  };

  const { tareKg, targetNetKg } = cycle.fill;
  const net = state.netKg;
  const progress = net === null ? 0 : Math.max(0, Math.min(100, (net / targetNetKg) * 100));
  return (
    <Box data-testid="fill-cycle" data-phase={state.phase} sx={{ border: 2, borderColor: 'success.main', borderRadius: 1, p: 1.5 }}>
      <Stack spacing={1}>
        <Typography variant="subtitle2">{t('production.fillCycle', { code: cycle.code })}</Typography>
        <Typography data-testid="fill-target" sx={{ fontSize: 18 }}>
          {t('production.fillTargetNote', { target: targetNetKg, tare: tareKg, gross: round(tareKg + targetNetKg) })}
        </Typography>
        <Typography data-testid="fill-live" sx={{ fontSize: 26, fontWeight: 700, color: state.stable ? 'success.main' : 'text.primary' }}>
          {state.grossKg === null || net === null
            ? t('production.fillWaitingScale')
            : t('production.fillLive', { gross: state.grossKg.toFixed(2), net: net.toFixed(2) })}
        </Typography>
        <LinearProgress variant="determinate" value={progress} aria-label={t('production.fillProgress')} sx={{ height: 12, borderRadius: 1 }} />
        {state.phase === 'settling' && <Typography color="text.secondary">{t('production.fillSettling')}</Typography>}
        {suspendedBy && <Alert severity="error" data-testid="fill-suspended">{t('production.fillSuspended', { reason: suspendedBy })}</Alert>}
        {problem && <Alert severity="warning">{problem}</Alert>}
        <Box>
          <Button variant="contained" color="error" disabled={state.phase !== 'filling'} onClick={() => cancel('cancelled')}>
            {t('production.cancelFill')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
