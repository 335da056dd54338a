import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import type { FillPreview, ScanPreview, Suspension } from '@shared/api/production';
import type { FillStartRequest, FillState, FillStationConfig } from '@shared/fill-cycle';
import { resetBeepForTests } from '@renderer/components/ScanInput/beep';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';
import { bodies, bodyOf, brief, LPG, N2, result, todayCounter, UUID } from '@renderer/stations/testData';
import { FILL_POLL } from './FillCycle';
import { fillDevice, type FillDevice } from './fillDevice';

/**
 * The 充装 station's fill cycle (issue 34) with the device side faked at its one boundary (./fillDevice's calls: the desktop
 * main process or the local device agent) and the server faked at the HTTP client, as every station test does.
 */
const device = {
  config: null as FillStationConfig | null,
  start: vi.fn(),
  state: vi.fn(),
  cancel: vi.fn(),
};
/**
 * The boundary's own calls swapped for the fakes (not vi.mock: the module graph is shared between a worker's test
 * files, and a station module another file had loaded kept the real calls), restored after each test.
 */
const realDevice = { ...fillDevice };
const fakeDevice: FillDevice = {
  start: (r) => device.start(r) as Promise<FillState>,
  state: (id) => device.state(id) as Promise<FillState>,
  cancel: (id, reason) => device.cancel(id, reason) as Promise<FillState>,
  stations: async () => (device.config ? [device.config] : []),
};

const CONFIG: FillStationConfig = { scale: '/dev/ttyUSB0', relay: '充装1号阀', allowanceKg: 0.2, silenceSeconds: 3 };
const FILL: FillPreview = { tareKg: 15.2, targetNetKg: 14.5, toleranceKg: 0.3, maxMinutes: 10, interrupted: null, suspended: null };
const allowed = (code: string, fill: Partial<FillPreview> = {}): ScanPreview => ({ cylinder: brief(code, 3), allowed: true, reasons: [], fill: { ...FILL, ...fill } });

/** A scale on the device side: the test moves its weight and ends the cycle. */
function fakeScale() {
  const scale = { net: null as number | null, phase: 'filling' as FillState['phase'], reason: null as FillState['reason'], request: null as FillStartRequest | null };
  const stateNow = (): FillState => {
    const r = scale.request!;
    return {
      fillId: r.fillId, code: r.code, phase: scale.phase, reason: scale.reason, scale: r.scale, relay: r.relay,
      grossKg: scale.net === null ? null : r.tareKg + scale.net, netKg: scale.net, stable: scale.phase === 'done', tareKg: r.tareKg,
      targetNetKg: r.targetNetKg, grantedAt: '2026-11-27T08:00:00.000Z', releasedAt: scale.phase === 'filling' ? null : '2026-11-27T08:03:10.000Z', message: null,
    };
  };
  device.start.mockImplementation(async (r: FillStartRequest) => ((scale.request = r), stateNow()));
  device.state.mockImplementation(async () => stateNow());
  device.cancel.mockImplementation(async (_id: string, reason: FillState['reason']) => ((scale.phase = 'aborted'), (scale.reason = reason), stateNow()));
  return scale;
}

type Handler = (c: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply> | undefined;
function serve(handler: Handler) {
  const counter = todayCounter();
  const adapter = fakeAdapter(async (c) => {
    const own = counter.seen(await handler(c));
    if (own) return own;
    const counted = counter.answer(c.url);
    if (counted) return counted;
    if (c.url === '/material/dropDown') return ok([LPG, N2]);
    if (c.url === '/produce/suspension') return ok({ suspended: null, all: [] });
    if (c.url?.endsWith('History') || c.url === '/produce/listProduce') return ok({ list: [], total: 0 });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}

const scanField = () => screen.getByPlaceholderText('请扫描气瓶条码');
const verdict = () => screen.getByTestId('verdict');
async function openFill() {
  await userEvent.click(await screen.findByRole('tab', { name: '充装' }, { timeout: 15_000 }));
  expect(await screen.findByRole('combobox', { name: '充装介质' })).toHaveTextContent('液化石油气');
}
const scan = (code: string) => userEvent.type(scanField(), `${code}{Enter}`);
const LONG = { timeout: 5_000 };

const saved = { ...FILL_POLL };
beforeEach(() => {
  Object.assign(FILL_POLL, { stateMs: 20, suspensionMs: 40 });
  device.config = CONFIG;
  Object.assign(fillDevice, fakeDevice);
  storeSession();
  localStorage.setItem('MATERIAL_WEIGHING', '3');
});
afterEach(() => {
  Object.assign(FILL_POLL, saved);
  Object.assign(fillDevice, realDevice);
  http.setAdapter(undefined);
  vi.clearAllMocks();
  resetBeepForTests();
});

describe('充装 — the fill cycle at the filling scale', { timeout: 60_000 }, () => {
  it('scan → gate → the permission for tare + target; the live weight rises; at the target the record writes itself with the measured net', async () => {
    const scale = fakeScale();
    const adapter = serve((c) => {
      if (c.url === '/produce/fillingScan') return ok(allowed('GP0201'));
      if (c.url === '/produce/filling') return ok(result('GP0201', 3, 4, '气瓶 GP0201 充装完成', { action: 'fill' }));
      return undefined;
    });
    renderScreen('/produce/produce');
    await openFill();
    expect(screen.getByTestId('fill-config')).toHaveTextContent('充装秤控制：/dev/ttyUSB0（充装许可：充装1号阀）');
    await scan('GP0201');

    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'granted'));
    expect(verdict()).toHaveTextContent('GP0201 允许充装：充装中');
    expect(device.start).toHaveBeenCalledTimes(1);
    const request = device.start.mock.calls[0]![0] as FillStartRequest;
    expect(request).toEqual({
      fillId: expect.stringMatching(UUID), code: 'GP0201', scale: '/dev/ttyUSB0', relay: '充装1号阀', tareKg: 15.2, targetNetKg: 14.5,
      allowanceKg: 0.2, toleranceKg: 0.3, maxSeconds: 600, silenceSeconds: 3,
    });
    const cycle = screen.getByTestId('fill-cycle');
    expect(within(cycle).getByTestId('fill-target')).toHaveTextContent('目标净重 14.5 kg（皮重 15.2 kg，目标毛重 29.7 kg）');
    expect(cycle).toHaveTextContent('等待充装秤读数');

    scale.net = 7.25;
    await waitFor(() => expect(within(cycle).getByTestId('fill-live')).toHaveTextContent('毛重 22.45 kg · 净重 7.25 kg'), LONG);
    expect(within(cycle).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    // Nothing recorded while the gas flows.
    expect(bodies(adapter, '/produce/filling')).toEqual([]);

    scale.net = 14.48;
    scale.phase = 'done';
    scale.reason = 'target';
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'ok'), LONG);
    expect(verdict()).toHaveTextContent('气瓶 GP0201 充装完成');
    expect(verdict()).toHaveTextContent('充装量 14.48 kg（充装秤）');
    expect(bodies(adapter, '/produce/filling')).toEqual([{
      code: 'GP0201', scanId: request.fillId, materialId: 3, lotNo: null, filledWeight: 14.48, source: 'scale', scale: '/dev/ttyUSB0',
      grantedAt: '2026-11-27T08:00:00.000Z', releasedAt: '2026-11-27T08:03:10.000Z', startedAt: '2026-11-27T08:00:00.000Z', endedAt: '2026-11-27T08:03:10.000Z',
    }]);
    expect(screen.queryByTestId('fill-cycle')).not.toBeInTheDocument();
    expect(screen.getByTestId('shift-count')).toHaveTextContent('今日完成1瓶');
    // The station polled the server's suspension while the gas flowed.
    expect(adapter.calls.filter((c) => c.url === '/produce/suspension').length).toBeGreaterThan(0);
  });

  it('shows the gate\'s answer while the device side opens the valve, then the granted permission; a device that fails replaces it with the refusal', async () => {
    const scale = fakeScale();
    let open: () => void = () => {};
    let fail: (e: Error) => void = () => {};
    const opened = device.start.getMockImplementation()!;
    device.start.mockImplementation((r: FillStartRequest) => new Promise((done, refuse) => {
      open = () => done(opened(r));
      fail = refuse;
    }));
    serve((c) => {
      if (c.url === '/produce/fillingScan') return ok(allowed(JSON.parse(String(c.data)).code as string));
      if (c.url === '/produce/filling') return ok(result('GP0211', 3, 4, '气瓶 GP0211 充装完成', { action: 'fill' }));
      return undefined;
    });
    renderScreen('/produce/produce');
    await openFill();
    await scan('GP0211');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'allowed'));
    expect(verdict()).toHaveTextContent('GP0211 允许充装：正在打开充装阀…');
    expect(verdict()).toHaveTextContent('目标净重 14.5 kg（皮重 15.2 kg，目标毛重 29.7 kg）');
    // Only in the meantime: not listed among the last scans, nothing counted.
    expect(screen.getByRole('list', { name: '最近扫描' })).not.toHaveTextContent('GP0211');
    open();
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'granted'));
    expect(verdict()).toHaveTextContent('GP0211 允许充装：充装中');
    expect(screen.getByRole('list', { name: '最近扫描' })).toHaveTextContent('GP0211');

    scale.net = 14.5;
    scale.phase = 'done';
    scale.reason = 'target';
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'ok'), LONG);
    await scan('GP0212');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'allowed'));
    fail(new Error('继电器无应答'));
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'refused'));
    expect(verdict()).toHaveTextContent('GP0212 未能开启充装许可，未充装');
  });

  it('a refused cylinder never reaches the device side: the reasons in red', async () => {
    fakeScale();
    serve((c) => (c.url === '/produce/fillingScan'
      ? ok({ cylinder: brief('GP0202', 3), allowed: false, reasons: ['气瓶 GP0202 已超期未检（下次检验日期 2025-01-01）'], fill: FILL })
      : undefined));
    renderScreen('/produce/produce');
    await openFill();
    await scan('GP0202');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'refused'));
    expect(verdict()).toHaveTextContent('GP0202 不能充装');
    expect(verdict()).toHaveTextContent('气瓶 GP0202 已超期未检');
    expect(device.start).not.toHaveBeenCalled();
    expect(screen.queryByTestId('fill-cycle')).not.toBeInTheDocument();
  });

  it('an overfill is recorded as an interruption with the weight, shown red 超装', async () => {
    const scale = fakeScale();
    const adapter = serve((c) => {
      if (c.url === '/produce/fillingScan') return ok(allowed('GP0203'));
      if (c.url === '/produce/fillInterrupted') return ok(result('GP0203', 3, 1, '气瓶 GP0203 超装，已转待分析', { action: 'fillInterrupted' }));
      return undefined;
    });
    renderScreen('/produce/produce');
    await openFill();
    await scan('GP0203');
    await waitFor(() => expect(screen.getByTestId('fill-cycle')).toBeInTheDocument());
    scale.net = 14.9;
    scale.phase = 'aborted';
    scale.reason = 'overfill';
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'failed'), LONG);
    expect(verdict()).toHaveTextContent('GP0203 超装：净重 14.9 kg，已转待分析');
    expect(getComputedStyle(within(verdict()).getByTestId('verdict-title')).color).toBe('rgb(211, 47, 47)');
    const [sent] = bodies(adapter, '/produce/fillInterrupted');
    expect(sent).toMatchObject({ code: 'GP0203', materialId: 3, reason: 'overfill', netKg: 14.9, scale: '/dev/ttyUSB0' });
    expect(bodies(adapter, '/produce/filling')).toEqual([]);
  });

  it('a suspension while filling withdraws the permission at once and records the interruption with its reason', async () => {
    fakeScale();
    let suspended = false;
    const adapter = serve((c) => {
      if (c.url === '/produce/fillingScan') return ok(allowed('GP0204'));
      if (c.url === '/produce/suspension') {
        const s = { scope: 'plant', workstation: null, materialId: null, materialName: null, reason: '储罐区泄漏检查', by: '李主管', at: '2026-11-27 08:01:00' };
        return ok(suspended ? { suspended: s, all: [s] } : { suspended: null, all: [] });
      }
      if (c.url === '/produce/fillInterrupted') return ok(result('GP0204', 3, 3, '气瓶 GP0204 充装中断，已记录', { action: 'fillInterrupted' }));
      return undefined;
    });
    renderScreen('/produce/produce');
    await openFill();
    await scan('GP0204');
    await waitFor(() => expect(screen.getByTestId('fill-cycle')).toBeInTheDocument());
    suspended = true;
    await waitFor(() => expect(device.cancel).toHaveBeenCalledWith(expect.stringMatching(UUID), 'suspended'), LONG);
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'refused'), LONG);
    expect(verdict()).toHaveTextContent('GP0204 充装中断：充装被停止：储罐区泄漏检查');
    expect(bodies(adapter, '/produce/fillInterrupted')).toEqual([expect.objectContaining({ code: 'GP0204', reason: 'suspended' })]);
  });

  it('取消充装 withdraws the permission; the next scan of that cylinder asks 重新充装 or 转待分析, and 重新充装 starts a new fill', async () => {
    const scale = fakeScale();
    let interrupted = false;
    const adapter = serve((c) => {
      if (c.url === '/produce/fillingScan') {
        // As the server says it: the open interruption is the gate's one reason.
        if (!interrupted) return ok(allowed('GP0205'));
        return ok({
          ...allowed('GP0205', { interrupted: { reason: 'cancelled', netKg: 3.1, at: '2026-11-27 08:02', operator: '张三', workstation: '充装一号工位' } }),
          allowed: false, reasons: ['气瓶 GP0205 上次充装中断，请选择重新充装或转待分析'],
        });
      }
      if (c.url === '/produce/fillInterrupted') return (interrupted = true), ok(result('GP0205', 3, 3, '气瓶 GP0205 充装中断，已记录', { action: 'fillInterrupted' }));
      if (c.url === '/produce/fillDecision') return (interrupted = false), ok(result('GP0205', 3, 3, '气瓶 GP0205 重新充装', { action: 'fillDecision' }));
      return undefined;
    });
    renderScreen('/produce/produce');
    await openFill();
    await scan('GP0205');
    await waitFor(() => expect(screen.getByTestId('fill-cycle')).toBeInTheDocument());
    scale.net = 3.1;
    await userEvent.click(screen.getByRole('button', { name: '取消充装' }));
    expect(device.cancel).toHaveBeenCalledWith(expect.stringMatching(UUID), 'cancelled');
    await waitFor(() => expect(verdict()).toHaveTextContent('GP0205 充装中断：操作员取消，已充 3.1 kg'), LONG);

    scale.phase = 'filling';
    scale.reason = null;
    scale.net = null;
    await scan('GP0205');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'pending'));
    expect(screen.getByTestId('fill-decision')).toHaveTextContent('操作员取消，已充 3.1 kg（张三，2026-11-27 08:02）');
    expect(device.start).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: '重新充装' }));
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'granted'));
    expect(bodies(adapter, '/produce/fillDecision')).toEqual([{ code: 'GP0205', scanId: expect.stringMatching(UUID), decision: 'refill' }]);
    expect(device.start).toHaveBeenCalledTimes(2);
  });

  it('without a fill configuration the station works as before (weight at the scan)', async () => {
    device.config = null;
    const adapter = serve((c) => {
      if (c.url === '/produce/fillingScan') return ok({ cylinder: brief('GP0206', 3), allowed: true, reasons: [] });
      if (c.url === '/produce/filling') return ok(result('GP0206', 3, 4, '气瓶 GP0206 充装完成', { action: 'fill' }));
      return undefined;
    });
    renderScreen('/produce/produce');
    await openFill();
    expect(screen.queryByTestId('fill-config')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('手工录入充装量（kg）'), '14.6');
    await scan('GP0206');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'ok'));
    expect(bodies(adapter, '/produce/filling')).toEqual([expect.objectContaining({ code: 'GP0206', filledWeight: 14.6, source: 'manual' })]);
    expect(device.start).not.toHaveBeenCalled();
  });
});

describe('充装管理 — 停止充装 / 恢复充装', { timeout: 60_000 }, () => {
  it('a supervisor stops filling at one workstation with a reason, sees it in force and resumes it', async () => {
    const nav = adminNav();
    storeSession(nav, '李主管');
    localStorage.setItem('WORKSTATION', '充装一号工位');
    const inForce: Suspension[] = [];
    const adapter = serve((c) => {
      if (c.url === '/produce/suspension') return ok({ suspended: null, all: [...inForce] });
      if (c.url === '/produce/suspend') {
        const b = bodyOf(c) as { workstation: string; reason: string };
        inForce.push({ scope: 'station', workstation: b.workstation, materialId: null, materialName: null, reason: b.reason, by: '李主管', at: '2026-11-27 08:10:00' });
        return ok({ suspended: null, all: [...inForce] });
      }
      if (c.url === '/produce/resume') return inForce.splice(0), ok({ suspended: null, all: [...inForce] });
      return undefined;
    });
    renderScreen('/produce/produce');
    await userEvent.click(await screen.findByRole('button', { name: '停止充装' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('当前没有停止充装');
    expect(within(dialog).getByLabelText('工位名称')).toHaveValue('充装一号工位');
    await userEvent.type(within(dialog).getByLabelText(/停止原因/), '充装秤校准');
    await userEvent.click(within(dialog).getByRole('button', { name: '停止充装' }));
    await waitFor(() => expect(bodies(adapter, '/produce/suspend')).toEqual([{ scope: 'station', workstation: '充装一号工位', reason: '充装秤校准' }]));
    await waitFor(() => expect(within(dialog).getByRole('list', { name: '生效中的停止充装' })).toHaveTextContent('工位 充装一号工位：充装秤校准'));
    expect(dialog).toHaveTextContent('李主管 于 2026-11-27 08:10:00');
    await userEvent.click(within(dialog).getByRole('button', { name: '恢复充装' }));
    await waitFor(() => expect(bodies(adapter, '/produce/resume')).toEqual([{ scope: 'station', workstation: '充装一号工位' }]));
    await waitFor(() => expect(dialog).toHaveTextContent('当前没有停止充装'));
  });

  it('is not offered without produce:suspend', async () => {
    const nav = adminNav();
    storeSession({ ...nav, promise: nav.promise.filter((k) => k !== 'produce:suspend') }, '充装员');
    serve(() => undefined);
    renderScreen('/produce/produce');
    await openFill();
    expect(screen.queryByRole('button', { name: '停止充装' })).not.toBeInTheDocument();
  });
});
