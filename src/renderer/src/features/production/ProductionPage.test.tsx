import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYSTEM_RULE_DEFAULTS } from '@shared/api/systemRule';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import type { FillingRow, ReweighPreview, RollbackPreview, ScanPreview } from '@shared/api/production';
import { REFUSED_TONE, resetBeepForTests } from '@renderer/components/ScanInput/beep';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';
import { stubAudio } from '@renderer/test/fakeAudio';
import { SCAN_REFRESH } from '@renderer/store/endpoints';
import { bodies, bodyOf, brief, LPG, N2, refusal, result, todayCounter, UUID } from '@renderer/stations/testData';

const SCREEN_LOAD = { timeout: 15_000 };
type Handler = (c: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply> | undefined;

const fillRow: FillingRow = {
  id: 1, cylinderId: 11, code: 'GP0009', materialName: '液化石油气', lotNo: 'L20260301', filledWeight: 14.6, filledPressure: null,
  startedAt: null, endedAt: null, source: 'scale', fixedValue: false, operator: '张三', workstation: '充装一号工位', createdAt: '2026-03-01T08:00:00Z', reverted: true,
};

/** The server: the handler answers the production calls it knows; lookups and lists answer empty. */
function serve(handler: Handler = () => undefined) {
  const counter = todayCounter();
  const adapter = fakeAdapter(async (c) => {
    const own = counter.seen(await handler(c));
    if (own) return own;
    const counted = counter.answer(c.url);
    if (counted) return counted;
    if (c.url === '/material/dropDown') return ok([LPG, N2]);
    if (c.url === '/produce/fillingHistory') return ok({ list: [fillRow], total: 1 });
    if (c.url?.startsWith('/produce/') && c.url.endsWith('History')) return ok({ list: [], total: 0 });
    if (c.url === '/produce/listProduce') return ok({ list: [], total: 0 });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}

const scanField = () => screen.getByPlaceholderText('请扫描气瓶条码');
const verdict = () => screen.getByTestId('verdict');
const count = () => screen.getByTestId('shift-count');
async function scan(code: string) {
  await userEvent.type(scanField(), `${code}{Enter}`);
}
async function openStation(name: '领瓶' | '充装' | '复秤') {
  await userEvent.click(await screen.findByRole('tab', { name }, SCREEN_LOAD));
}

afterEach(() => {
  http.setAdapter(undefined);
  delete window.api;
  vi.unstubAllGlobals();
  resetBeepForTests();
});

describe('充装管理 /produce/produce — 领瓶', { timeout: 60_000 }, () => {
  it('a successful scan shows the verdict large in green and counts it; a repeat shows 已处理过 in amber and is not counted', async () => {
    storeSession();
    let n = 0;
    const adapter = serve((c) => (c.url === '/produce/addPicking'
      ? ok(++n === 1 ? result('GP0001', 2, 3, '气瓶 GP0001 已领瓶') : result('GP0001', 3, 3, '气瓶 GP0001 已领瓶，无需重复操作', { repeated: true, traceId: null }))
      : undefined));
    renderScreen('/produce/produce');
    await openStation('领瓶');
    expect(count()).toHaveTextContent('今日完成0瓶');

    await scan('GP0001');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'ok'));
    expect(within(verdict()).getByTestId('verdict-title')).toHaveTextContent('气瓶 GP0001 已领瓶');
    expect(verdict()).toHaveTextContent('GP0001 · 在库 → 已领瓶');
    expect(count()).toHaveTextContent('今日完成1瓶');

    await scan('GP0001');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'repeated'));
    expect(verdict()).toHaveTextContent('已处理过');
    expect(verdict()).toHaveTextContent('气瓶 GP0001 已领瓶，无需重复操作');
    expect(count()).toHaveTextContent('今日完成1瓶');

    const sent = bodies(adapter, '/produce/addPicking');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({ code: 'GP0001', scanId: expect.stringMatching(UUID) });
    // Each scan is its own: a fresh scanId.
    expect(sent[1]!.scanId).not.toBe(sent[0]!.scanId);
    expect(within(screen.getByRole('list', { name: '最近扫描' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('a burst of scans refreshes the station\'s count from the server once, after the scanner pauses', async () => {
    const saved = { ...SCAN_REFRESH };
    // A pause long enough that three scans surely fall inside it, even on a busy machine.
    Object.assign(SCAN_REFRESH, { quietMs: 8_000, maxMs: 60_000 });
    try {
      storeSession();
      let n = 0;
      const adapter = serve((c) => (c.url === '/produce/addPicking' ? ok(result(`GP000${++n}`, 2, 3, `气瓶 GP000${n} 已领瓶`)) : undefined));
      const counted = () => adapter.calls.filter((c) => c.url === '/produce/todayCount').length;
      renderScreen('/produce/produce');
      await openStation('领瓶');
      await waitFor(() => expect(count()).toHaveTextContent('今日完成0瓶'));
      const before = counted();
      for (const code of ['GP0001', 'GP0002', 'GP0003']) {
        await scan(code);
        await waitFor(() => expect(verdict()).toHaveTextContent(`气瓶 ${code} 已领瓶`));
      }
      // Counted at once on screen; the server's count is asked for once the burst is over, not three times.
      expect(count()).toHaveTextContent('今日完成3瓶');
      expect(counted()).toBe(before);
      await waitFor(() => expect(counted()).toBe(before + 1), { timeout: 20_000 });
      expect(count()).toHaveTextContent('今日完成3瓶');
    } finally {
      Object.assign(SCAN_REFRESH, saved);
    }
  });

  it("a refusal shows the server's message in red, with the refusal sound", async () => {
    const tones = stubAudio();
    storeSession();
    const REFUSAL = '气瓶 GP0002 当前状态为“已充装”，领瓶需要“在库”';
    serve((c) => (c.url === '/produce/addPicking' ? refusal(REFUSAL) : undefined));
    renderScreen('/produce/produce');
    await openStation('领瓶');
    await scan('GP0002');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'refused'));
    const title = within(verdict()).getByTestId('verdict-title');
    expect(title).toHaveTextContent(REFUSAL);
    expect(getComputedStyle(title).color).toBe('rgb(211, 47, 47)');
    expect(verdict()).toHaveTextContent('拒绝');
    expect(count()).toHaveTextContent('今日完成0瓶');
    expect(tones).toEqual([REFUSED_TONE, REFUSED_TONE]);
  });

  it('after a lost answer 重试 sends the same scanId again; the next scan gets a new one', async () => {
    storeSession();
    let n = 0;
    const adapter = serve((c) => {
      if (c.url !== '/produce/addPicking') return undefined;
      n += 1;
      if (n === 1) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
      return ok(result('GP0003', 2, 3, `气瓶 ${JSON.parse(c.data as string).code} 已领瓶`));
    });
    renderScreen('/produce/produce');
    await openStation('领瓶');
    await scan('GP0003');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'lost'));
    expect(verdict()).toHaveTextContent('GP0003：未收到服务器应答');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'ok'));
    expect(count()).toHaveTextContent('今日完成1瓶');
    expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();

    await scan('GP0004');
    await waitFor(() => expect(bodies(adapter, '/produce/addPicking')).toHaveLength(3));
    const [first, retried, next] = bodies(adapter, '/produce/addPicking');
    expect(retried).toEqual(first);
    expect(first!.scanId).toMatch(UUID);
    expect(next!.scanId).not.toBe(first!.scanId);
  });

  it('scanning the same code again after a lost answer also reuses its scanId, even after a switch of station', async () => {
    storeSession();
    let n = 0;
    const adapter = serve((c) => {
      if (c.url !== '/produce/addPicking') return undefined;
      if (++n === 1) throw new AxiosError('timeout of 200000ms exceeded', 'ECONNABORTED', c);
      return ok(result('GP0005', 2, 3, '气瓶 GP0005 已领瓶'));
    });
    renderScreen('/produce/produce');
    await openStation('领瓶');
    await scan('GP0005');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'lost'));
    await openStation('充装');
    await openStation('领瓶');
    expect(verdict()).toHaveAttribute('data-kind', 'lost');
    await scan('GP0005');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'ok'));
    const [first, again] = bodies(adapter, '/produce/addPicking');
    expect(again!.scanId).toBe(first!.scanId);
  });

  it('picks for the chosen gas, remembers gas and operator, and in 退回 mode returns with the reason', async () => {
    storeSession();
    const adapter = serve((c) => {
      if (c.url === '/produce/addPicking') return ok(result('GP0006', 2, 3, '气瓶 GP0006 已领瓶'));
      if (c.url === '/produce/returnPicking') return ok(result('GP0006', 3, 2, '气瓶 GP0006 已退回'));
      return undefined;
    });
    renderScreen('/produce/produce');
    await openStation('领瓶');
    await userEvent.click(screen.getByRole('combobox', { name: '领瓶介质' }));
    await userEvent.click(await screen.findByRole('option', { name: '液化石油气' }));
    const operator = screen.getByLabelText('操作员');
    expect(operator).toHaveValue('管理员');
    await userEvent.clear(operator);
    await userEvent.type(operator, '张三{Enter}');
    await waitFor(() => expect(scanField()).toHaveFocus());
    expect(localStorage.getItem('MATERIAL_WEIGHING')).toBe('3');
    expect(localStorage.getItem('FILLINGUSER')).toBe('"张三"');
    await scan('GP0006');
    await waitFor(() => expect(bodies(adapter, '/produce/addPicking')).toEqual([{ code: 'GP0006', scanId: expect.stringMatching(UUID), materialId: 3 }]));

    await userEvent.click(screen.getByLabelText('退回模式'));
    await userEvent.type(screen.getByLabelText('退回原因'), '阀门漏气');
    await scan('GP0006');
    await waitFor(() => expect(bodies(adapter, '/produce/returnPicking')).toEqual([{ code: 'GP0006', scanId: expect.stringMatching(UUID), reason: '阀门漏气' }]));
    expect(await within(verdict()).findByText('气瓶 GP0006 已退回')).toBeInTheDocument();
  });
});

describe('充装管理 — 充装', { timeout: 60_000 }, () => {
  it('asks the fill gate first and lists every reason when it refuses, filling nothing', async () => {
    storeSession();
    localStorage.setItem('MATERIAL_WEIGHING', '3');
    const gate: ScanPreview = { cylinder: brief('GP0007', 3), allowed: false, reasons: ['气瓶 GP0007 已超期未检（下次检验日期 2025-01-01）', '气瓶 GP0007 登记介质为氮气，不能充装液化石油气'] };
    const adapter = serve((c) => (c.url === '/produce/fillingScan' ? ok(gate) : undefined));
    renderScreen('/produce/produce');
    await openStation('充装');
    await userEvent.type(await screen.findByLabelText('手工录入充装量（kg）'), '14.6');
    await scan('GP0007');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'refused'));
    expect(verdict()).toHaveTextContent('GP0007 不能充装');
    for (const reason of gate.reasons) expect(within(verdict()).getByText(reason)).toBeInTheDocument();
    expect(bodies(adapter, '/produce/fillingScan')).toEqual([{ code: 'GP0007', materialId: 3 }]);
    expect(adapter.calls.some((c) => c.url === '/produce/filling')).toBe(false);
  });

  it('a 记录内容设置 requiring the lot number refuses a fill without one before sending it, for an operator without 记录建模', async () => {
    // A filling operator: the station reads its record's setting without holding modeling:view.
    storeSession({ ...adminNav(), promise: ['home:view', 'produce:view', 'produce:filling', 'produce:manualWeight'] }, '充装员');
    localStorage.setItem('MATERIAL_WEIGHING', '3');
    const adapter = serve((c) => {
      if (c.url === '/setting/recordRules/FILLING') return ok({ fields: [{ key: 'lotNo', show: 1, required: 1 }] });
      if (c.url === '/produce/fillingScan') return ok({ cylinder: brief('GP0008', 3), allowed: true, reasons: [] });
      if (c.url === '/produce/filling') return ok(result('GP0008', 3, 4, '气瓶 GP0008 充装完成', { action: 'fill' }));
      return undefined;
    });
    renderScreen('/produce/produce');
    await openStation('充装');
    expect(await screen.findByRole('combobox', { name: '充装介质' })).toHaveTextContent('液化石油气');
    await waitFor(() => expect(screen.getByRole('textbox', { name: '批号' })).toBeRequired());
    await userEvent.type(screen.getByLabelText('手工录入充装量（kg）'), '14.6');
    await scan('GP0008');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'refused'));
    expect(verdict()).toHaveTextContent('充装批号为必填项（记录内容设置），请填写后再扫描');
    expect(adapter.calls.some((c) => c.url === '/produce/filling' || c.url === '/produce/fillingScan')).toBe(false);
    expect(adapter.calls.some((c) => c.url === '/setting/list')).toBe(false);
  });

  it('a 记录内容设置 hiding the lot number leaves the field off the station', async () => {
    storeSession();
    localStorage.setItem('MATERIAL_WEIGHING', '3');
    serve((c) => {
      if (c.url === '/setting/recordRules/FILLING') return ok({ fields: [{ key: 'lotNo', show: 0, required: 0 }] });
      return undefined;
    });
    renderScreen('/produce/produce');
    await openStation('充装');
    expect(await screen.findByRole('combobox', { name: '充装介质' })).toHaveTextContent('液化石油气');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '批号' })).not.toBeInTheDocument());
  });

  it('fills with the lot number and weight after the gate allows it; a refused fill shows the message in red', async () => {
    storeSession();
    localStorage.setItem('MATERIAL_WEIGHING', '3');
    let n = 0;
    const adapter = serve((c) => {
      if (c.url === '/produce/fillingScan') return ok({ cylinder: brief('GP0008', 3), allowed: true, reasons: [] });
      if (c.url === '/produce/filling') return ++n === 1 ? ok(result('GP0008', 3, 4, '气瓶 GP0008 充装完成', { action: 'fill' })) : refusal('气瓶 GP0008 正在被其他工位充装');
      return undefined;
    });
    renderScreen('/produce/produce');
    await openStation('充装');
    expect(await screen.findByRole('combobox', { name: '充装介质' })).toHaveTextContent('液化石油气');
    await userEvent.type(screen.getByLabelText('批号'), 'L20260301');
    await userEvent.type(screen.getByLabelText('手工录入充装量（kg）'), '14.6');
    await scan('GP0008');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'ok'));
    expect(verdict()).toHaveTextContent('气瓶 GP0008 充装完成');
    expect(verdict()).toHaveTextContent('充装量 14.6 kg（手工录入）');
    expect(bodies(adapter, '/produce/filling')[0]).toEqual({
      code: 'GP0008', scanId: expect.stringMatching(UUID), materialId: 3, lotNo: 'L20260301', filledWeight: 14.6, source: 'manual',
    });
    await waitFor(() => expect(count()).toHaveTextContent('今日完成1瓶'));
    // The typed weight was this cylinder's: it does not carry over to the next scan.
    expect(screen.getByLabelText('手工录入充装量（kg）')).toHaveValue('');

    await userEvent.type(screen.getByLabelText('手工录入充装量（kg）'), '14.5');
    await scan('GP0008');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'refused'));
    expect(verdict()).toHaveTextContent('气瓶 GP0008 正在被其他工位充装');
    expect(count()).toHaveTextContent('今日完成1瓶');
  });

  it('a fill without its weight is refused at the station, the server not asked; a value fixed for a rack stays, shown, and is sent as fixed', async () => {
    storeSession();
    localStorage.setItem('MATERIAL_WEIGHING', '3');
    const adapter = serve((c) => {
      if (c.url === '/produce/fillingScan') return ok({ cylinder: brief('GP0020', 3), allowed: true, reasons: [] });
      if (c.url === '/produce/filling') return ok(result(bodyOf(c).code as string, 3, 4, `气瓶 ${bodyOf(c).code as string} 充装成功`, { action: 'fill' }));
      return undefined;
    });
    renderScreen('/produce/produce');
    await openStation('充装');
    await scan('GP0020');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'refused'));
    expect(verdict()).toHaveTextContent('没有充装量：请等待充装秤稳定读数，或手工录入本瓶的充装量（kg）');
    expect(adapter.calls.some((c) => c.url === '/produce/filling' || c.url === '/produce/fillingScan')).toBe(false);

    await userEvent.type(screen.getByLabelText('手工录入充装量（kg）'), '14.5');
    await userEvent.click(screen.getByLabelText('整组固定'));
    expect(screen.getByTestId('fixed-value')).toHaveTextContent('整组固定：每瓶都记为 14.5 kg');
    await scan('GP0021');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'ok'));
    await scan('GP0022');
    await waitFor(() => expect(bodies(adapter, '/produce/filling')).toHaveLength(2));
    expect(bodies(adapter, '/produce/filling').map((b) => [b.code, b.filledWeight, b.source, b.fixedValue])).toEqual([
      ['GP0021', 14.5, 'manual', true], ['GP0022', 14.5, 'manual', true],
    ]);
    expect(screen.getByLabelText('手工录入充装量（kg）')).toHaveValue('14.5');
  });

  it('a compressed gas records the final pressure typed for each cylinder, typed before the scan or after the gate allowed it (scan first)', async () => {
    storeSession();
    localStorage.setItem('MATERIAL_WEIGHING', '4');
    const adapter = serve((c) => {
      if (c.url === '/produce/fillingScan') return ok({ cylinder: brief('GP0030', 3, { materialId: 4 }), allowed: true, reasons: [] });
      if (c.url === '/produce/filling') return ok(result('GP0030', 3, 4, '气瓶 GP0030 充装成功', { action: 'fill' }));
      return undefined;
    });
    renderScreen('/produce/produce');
    await openStation('充装');
    expect(await screen.findByRole('combobox', { name: '充装介质' })).toHaveTextContent('氮气');
    // Scan first: the gate answers, then the pressure is typed and confirmed.
    await scan('GP0030');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'pending'));
    expect(verdict()).toHaveTextContent('GP0030 允许充装：请输入充装压力后点“确认”');
    expect(bodies(adapter, '/produce/filling')).toEqual([]);
    await userEvent.type(screen.getByLabelText('充装压力（MPa）'), '15');
    await userEvent.click(within(screen.getByTestId('fill-pressure')).getByRole('button', { name: '确认' }));
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'ok'));
    expect(screen.queryByTestId('fill-pressure')).not.toBeInTheDocument();
    // Typed before the scan: one scan, as before.
    await userEvent.type(screen.getByLabelText('充装压力（MPa）'), '15.5');
    await scan('GP0030');
    await waitFor(() => expect(bodies(adapter, '/produce/filling')).toHaveLength(2));
    expect(bodies(adapter, '/produce/filling')).toEqual([
      { code: 'GP0030', scanId: expect.stringMatching(UUID), materialId: 4, lotNo: null, filledPressure: 15 },
      { code: 'GP0030', scanId: expect.stringMatching(UUID), materialId: 4, lotNo: null, filledPressure: 15.5 },
    ]);
    expect(screen.getByLabelText('充装压力（MPa）')).toHaveValue('');
  });

  it('refuses to scan before a gas is chosen, without calling the server', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/produce/produce');
    await openStation('充装');
    await scan('GP0010');
    await waitFor(() => expect(verdict()).toHaveTextContent('请先选择充装介质'));
    expect(adapter.calls.some((c) => c.url === '/produce/filling' || c.url === '/produce/fillingScan')).toBe(false);
  });
});

describe('充装管理 — 抽真空', { timeout: 60_000 }, () => {
  it('records the vacuum typed for each cylinder, refuses a scan without it, and clears it after each scan', async () => {
    storeSession();
    const adapter = serve((c) => (c.url === '/produce/vacuum'
      ? ok(result(bodyOf(c).code as string, 2, 2, `气瓶 ${bodyOf(c).code as string} 抽真空完成：真空度 ${bodyOf(c).pressure as number} MPa`, { action: 'vacuum' }))
      : undefined));
    renderScreen('/produce/produce');
    await userEvent.click(await screen.findByRole('tab', { name: '抽真空' }, SCREEN_LOAD));
    await scan('GP0040');
    await waitFor(() => expect(verdict()).toHaveTextContent('请先输入本瓶的真空度（MPa），再扫码'));
    expect(adapter.calls.some((c) => c.url === '/produce/vacuum')).toBe(false);
    await userEvent.type(screen.getByLabelText('真空度（MPa）'), '-0.095{Enter}');
    await waitFor(() => expect(scanField()).toHaveFocus());
    await scan('GP0040');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'ok'));
    expect(verdict()).toHaveTextContent('气瓶 GP0040 抽真空完成：真空度 -0.095 MPa');
    expect(bodies(adapter, '/produce/vacuum')).toEqual([{ code: 'GP0040', scanId: expect.stringMatching(UUID), pressure: -0.095 }]);
    expect(screen.getByLabelText('真空度（MPa）')).toHaveValue('');
    await waitFor(() => expect(count()).toHaveTextContent('今日完成1瓶'));
  });
});

describe('充装管理 — 复秤', { timeout: 60_000 }, () => {
  const preview: ReweighPreview = { cylinder: brief('GP0011', 5), allowed: true, reasons: [], reweighRequired: true, targetNetWeight: 14.5, tolerance: 0.5, tareWeight: 15.2 };
  function desktopScale() {
    let listener: ((r: unknown) => void) | null = null;
    window.api = { settingsGetServerUrl: async () => '', on: vi.fn((_event: string, l: (r: unknown) => void) => ((listener = l), () => (listener = null))) } as unknown as typeof window.api;
    return (weight: number, stable = true) => act(() => listener?.({ path: '/dev/ttyUSB0', weight, unit: 'kg', stable, raw: '', at: 0 }));
  }

  it('the typed weight is disabled without produce:manualWeight; the scale weight is sent with source scale', async () => {
    const nav = adminNav();
    storeSession({ ...nav, promise: nav.promise.filter((k) => k !== 'produce:manualWeight') }, '复秤员');
    const emit = desktopScale();
    const adapter = serve((c) => {
      if (c.url === '/produce/metageScan') return ok(preview);
      if (c.url === '/produce/metage') return ok(result('GP0011', 5, 6, '气瓶 GP0011 复秤合格', { action: 'reweighPass', net: 14.6, deviation: 0.1 }));
      return undefined;
    });
    renderScreen('/produce/produce');
    await openStation('复秤');
    expect(screen.getByLabelText('手工录入毛重（kg）')).toBeDisabled();
    expect(screen.getByText('需要“手工录入重量”权限')).toBeInTheDocument();
    emit(29.8);
    expect(await screen.findByText('29.800 kg 稳定')).toBeInTheDocument();
    await scan('GP0011');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'ok'));
    expect(verdict()).toHaveTextContent('净重 14.6 kg，偏差 +0.1 kg');
    expect(bodies(adapter, '/produce/metage')).toEqual([{ code: 'GP0011', scanId: expect.stringMatching(UUID), grossWeight: 29.8, source: 'scale', scale: '/dev/ttyUSB0' }]);
    expect(screen.getByText(/目标净重 14.5 ± 0.5 kg，皮重 15.2 kg/)).toBeInTheDocument();
  });

  it('a cylinder re-weighed already is said done (已处理过, who and when), not refused, and nothing is weighed', async () => {
    storeSession();
    const emit = desktopScale();
    const done = '气瓶 GP0012 已由 王五 于 10:03 复秤合格，无需重复操作';
    const adapter = serve((c) => (c.url === '/produce/metageScan'
      ? ok({ ...preview, cylinder: brief('GP0012', 6), allowed: false, reasons: [], repeated: true, message: done }) : undefined));
    renderScreen('/produce/produce');
    await openStation('复秤');
    emit(29.8);
    expect(await screen.findByText('29.800 kg 稳定')).toBeInTheDocument();
    await scan('GP0012');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'repeated'));
    expect(verdict()).toHaveTextContent('已处理过');
    expect(verdict()).toHaveTextContent(done);
    expect(adapter.calls.some((c) => c.url === '/produce/metage')).toBe(false);
  });

  it('when the system rules forbid typed weights the field is off even with the key', async () => {
    storeSession();
    desktopScale();
    serve((c) => (c.url === '/setting/systemRule/get' ? ok({ ...SYSTEM_RULE_DEFAULTS, allowManualWeight: false }) : undefined));
    renderScreen('/produce/produce');
    await openStation('复秤');
    expect(await screen.findByText('系统规则不允许手工录入重量')).toBeInTheDocument();
    expect(screen.getByLabelText('手工录入毛重（kg）')).toBeDisabled();
  });

  it('without a stable reading refuses before weighing; a typed weight (with the key) is sent as manual; out of tolerance shows red', async () => {
    storeSession();
    const emit = desktopScale();
    const adapter = serve((c) => {
      if (c.url === '/produce/metageScan') return ok(preview);
      if (c.url === '/produce/metage') return ok(result('GP0011', 5, 1, '气瓶 GP0011 复秤超差，已转待分析', { action: 'reweighFail', net: 15.3, deviation: 0.8, failedItems: ['净重 15.3 kg 超出 14.5 ± 0.5 kg'] }));
      return undefined;
    });
    renderScreen('/produce/produce');
    await openStation('复秤');
    emit(30.1, false);
    await scan('GP0011');
    await waitFor(() => expect(verdict()).toHaveTextContent('没有稳定的称重读数'));
    expect(adapter.calls.some((c) => c.url === '/produce/metage')).toBe(false);

    const typed = screen.getByLabelText('手工录入毛重（kg）');
    expect(typed).toBeEnabled();
    await userEvent.type(typed, '30.5{Enter}');
    await scan('GP0011');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'failed'));
    expect(within(verdict()).getByText('净重 15.3 kg 超出 14.5 ± 0.5 kg')).toBeInTheDocument();
    expect(bodies(adapter, '/produce/metage')).toEqual([{ code: 'GP0011', scanId: expect.stringMatching(UUID), grossWeight: 30.5, source: 'manual' }]);
    // The typed weight belongs to that cylinder only.
    expect(typed).toHaveValue('');
  });
});

describe('充装管理 — 回退 and records', { timeout: 60_000 }, () => {
  const check: RollbackPreview = {
    cylinder: brief('GP0012', 4), allowed: true, reasons: [], traceId: 201, action: 'fill', actionName: '充装', toStatus: 3, at: '2026-03-01T08:00:00Z', operator: '张三',
  };

  it('shows what would be undone, needs a reason, confirms, then rolls back that transition (its trace id) with a scanId', async () => {
    storeSession();
    const adapter = serve((c) => {
      if (c.url === '/produce/rollbackCheck') return ok(check);
      if (c.url === '/produce/rollbackSave') return ok(result('GP0012', 4, 3, '气瓶 GP0012 已回退到已领瓶', { action: 'rollback' }));
      return undefined;
    });
    renderScreen('/produce/produce');
    await userEvent.click(await screen.findByRole('button', { name: '回退' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: '回退气瓶的最新一次流转' });
    await userEvent.type(within(dialog).getByLabelText('气瓶编码'), 'GP0012{Enter}');
    const preview = await within(dialog).findByTestId('rollback-preview');
    expect(preview).toHaveTextContent('GP0012（已充装）');
    expect(preview).toHaveTextContent('将撤销充装');
    expect(preview).toHaveTextContent('回退后状态已领瓶');
    await userEvent.click(within(dialog).getByRole('button', { name: '回退' }));
    expect(await within(dialog).findByText('请输入回退原因')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/回退原因/), '误扫');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '回退' })).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(within(dialog).getByRole('button', { name: '回退' }));
    const confirmation = await screen.findByRole('dialog', { name: '确认回退' });
    expect(confirmation).toHaveTextContent('确定撤销气瓶 GP0012 的“充装”吗？气瓶将回到“已领瓶”');
    expect(adapter.calls.some((c) => c.url === '/produce/rollbackSave')).toBe(false);
    await userEvent.click(within(confirmation).getByRole('button', { name: '回退' }));
    await waitFor(() => expect(bodies(adapter, '/produce/rollbackSave')).toEqual([{ code: 'GP0012', scanId: expect.stringMatching(UUID), traceId: check.traceId, reason: '误扫' }]));
    expect(await screen.findByText('气瓶 GP0012 已回退到已领瓶')).toBeInTheDocument();
  });

  it('a rollback the server refuses lists its reasons and offers no 回退', async () => {
    storeSession();
    serve((c) => (c.url === '/produce/rollbackCheck' ? ok({ ...check, allowed: false, reasons: ['气瓶 GP0012 已出库，不能回退'] }) : undefined));
    renderScreen('/produce/produce');
    await userEvent.click(await screen.findByRole('button', { name: '回退' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('气瓶编码'), 'GP0012{Enter}');
    expect(await within(dialog).findByText('气瓶 GP0012 已出库，不能回退')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '回退' })).toBeDisabled();
  });

  it('lists the filling records with rolled-back ones marked, and switches to the other records', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/produce/produce');
    expect(await screen.findByText('GP0009', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.getByText('已回退')).toBeInTheDocument();
    expect(screen.getByText('充装一号工位')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '复秤记录' }));
    await waitFor(() => expect(adapter.calls.some((c) => c.url === '/produce/metageHistory')).toBe(true));
    await userEvent.click(screen.getByRole('tab', { name: '生产流转' }));
    await waitFor(() => expect(adapter.calls.some((c) => c.url === '/produce/listProduce')).toBe(true));
  });

  it('shows only the stations the user holds, and no 回退 without produce:rollback', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'produce:view', 'produce:metage'] }, '复秤员');
    serve();
    renderScreen('/produce/produce');
    expect(await screen.findByRole('tab', { name: '复秤' }, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '领瓶' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '充装' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '回退' })).not.toBeInTheDocument();
  });
});

beforeEach(() => localStorage.clear());
