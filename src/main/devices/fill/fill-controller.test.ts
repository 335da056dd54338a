import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RelayConfig } from '../../../shared/fill-cycle';
import type { PermissionRelay } from '../relay/relay';
import { FillController, FillRequestError, checkFillStart } from './fill-controller';

class FakeRelay implements PermissionRelay {
  writes: string[] = [];
  failAllow = false;
  failRelease = 0;
  constructor(readonly config: RelayConfig) {}
  async allow() {
    if (this.failAllow) throw new Error('继电器无响应（超时）');
    this.writes.push('allow');
  }
  async release() {
    if (this.failRelease > 0) {
      this.failRelease -= 1;
      throw new Error('继电器无响应（超时）');
    }
    this.writes.push('release');
  }
  async isAllowed() {
    return this.writes.at(-1) === 'allow';
  }
}

const relayConfig: RelayConfig = { name: '充装1号阀', path: '/dev/ttyUSB1', baudRate: 9600, unitId: 1, coil: 0, normallyOpen: true, watchdogSeconds: 2 };
const req = (over: Record<string, unknown> = {}) => ({
  fillId: 'f1', code: 'A0001', scale: '/dev/ttyUSB0', relay: '充装1号阀', tareKg: 30, targetNetKg: 15, allowanceKg: 0.2, toleranceKg: 0.5, maxSeconds: 60, silenceSeconds: 1, ...over,
});
const reading = (weight: number, stable = false) => ({ path: '/dev/ttyUSB0', weight, unit: 'kg' as const, stable, raw: '', at: Date.now() });

let relay: FakeRelay;
let fills: FillController;
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-27T08:00:00Z') });
  relay = new FakeRelay(relayConfig);
  fills = new FillController({ relay: (n) => (n === relay.config.name ? relay : undefined), ensureScale: () => undefined });
});
afterEach(() => {
  fills.dispose();
  vi.useRealTimers();
});

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('fill controller', () => {
  it('grants, withdraws at target − allowance, and is done on the first stable reading after', async () => {
    const state = await fills.start(req());
    expect(state).toMatchObject({ phase: 'filling', reason: null, grantedAt: '2026-11-27T08:00:00.000Z' });
    expect(relay.writes).toEqual(['allow']);
    fills.onReading(reading(40));
    expect(fills.state('f1')).toMatchObject({ phase: 'filling', netKg: 10 });
    await vi.advanceTimersByTimeAsync(300);
    fills.onReading(reading(44.85));
    await flush();
    expect(fills.state('f1')).toMatchObject({ phase: 'settling', reason: 'target' });
    expect(relay.writes.at(-1)).toBe('release');
    await vi.advanceTimersByTimeAsync(300);
    fills.onReading(reading(45.05, true));
    expect(fills.state('f1')).toMatchObject({ phase: 'done', reason: 'target', netKg: 15.05, stable: true, releasedAt: '2026-11-27T08:00:00.300Z' });
  });

  it('re-arms the board watchdog about once a second while filling, and stops after', async () => {
    await fills.start(req({ silenceSeconds: 10, maxSeconds: 100 }));
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(500);
      fills.state('f1');
      fills.onReading(reading(31));
    }
    expect(relay.writes.filter((w) => w === 'allow').length).toBeGreaterThanOrEqual(3);
    fills.cancel('f1', 'cancelled');
    await flush();
    const count = relay.writes.length;
    await vi.advanceTimersByTimeAsync(2000);
    expect(relay.writes.length).toBe(count);
    expect(relay.writes.at(-1)).toBe('release');
  });

  it('withdraws at once on an overfill, also while settling', async () => {
    await fills.start(req());
    fills.onReading(reading(45.6));
    await flush();
    expect(fills.state('f1')).toMatchObject({ phase: 'aborted', reason: 'overfill', netKg: 15.6 });
    expect(fills.state('f1').message).toContain('超装');
    expect(relay.writes).toEqual(['allow', 'release']);

    await fills.start(req({ fillId: 'f2' }));
    fills.onReading(reading(44.9));
    fills.onReading(reading(45.7));
    expect(fills.state('f2')).toMatchObject({ phase: 'aborted', reason: 'overfill' });
  });

  it.each([
    ['scaleSilent', { silenceSeconds: 0.5 }, 600],
    ['timeout', { maxSeconds: 1, silenceSeconds: 100 }, 1100],
  ])('withdraws on %s', async (reason, over, ms) => {
    await fills.start(req(over));
    for (let t = 0; t < ms; t += 100) {
      await vi.advanceTimersByTimeAsync(100);
      fills.state('f1');
      if (reason === 'timeout') fills.onReading(reading(35));
    }
    await flush();
    expect(fills.state('f1')).toMatchObject({ phase: 'aborted', reason });
    expect(relay.writes.at(-1)).toBe('release');
  });

  it('withdraws when the station stops polling (heartbeat)', async () => {
    await fills.start(req({ silenceSeconds: 100 }));
    for (let t = 0; t < 3500; t += 100) {
      await vi.advanceTimersByTimeAsync(100);
      fills.onReading(reading(35));
    }
    expect(fills.state('f1')).toMatchObject({ phase: 'aborted', reason: 'stationLost' });
    expect(relay.writes.at(-1)).toBe('release');
  });

  it('cancels as cancelled or suspended', async () => {
    await fills.start(req());
    expect(fills.cancel('f1', 'suspended')).toMatchObject({ phase: 'aborted', reason: 'suspended' });
    await flush();
    expect(relay.writes).toEqual(['allow', 'release']);
  });

  it('one cycle per relay; a repeated start of the same fillId answers the same cycle', async () => {
    const a = await fills.start(req());
    await expect(fills.start(req())).resolves.toEqual(a);
    expect(() => fills.start(req({ fillId: 'f2', scale: '/dev/ttyUSB9' }))).toThrow('继电器「充装1号阀」正在为气瓶 A0001 充装');
    expect(() => fills.start(req({ fillId: 'f3', relay: '没有的阀', scale: '/dev/ttyUSB8' }))).toThrow('未配置继电器「没有的阀」');
    expect(relay.writes).toEqual(['allow']);
    fills.cancel('f1', 'cancelled');
    await flush();
    await expect(fills.start(req({ fillId: 'f2' }))).resolves.toMatchObject({ phase: 'filling' });
  });

  it('a relay that does not answer: relayError, and the off write is retried until it goes through', async () => {
    relay.failAllow = true;
    relay.failRelease = 2;
    const state = await fills.start(req());
    expect(state).toMatchObject({ phase: 'aborted', reason: 'relayError' });
    expect(state.message).toContain('继电器');
    await vi.advanceTimersByTimeAsync(1600);
    expect(relay.writes).toEqual(['release']);
    expect(fills.active()).toEqual([]);
  });

  it('releases every permission on shutdown', async () => {
    await fills.start(req());
    await fills.releaseAll();
    expect(relay.writes).toEqual(['allow', 'release']);
    expect(fills.state('f1')).toMatchObject({ phase: 'aborted', reason: 'stationLost' });
  });

  it('refuses bad requests with the field', () => {
    expect(() => checkFillStart({ ...req(), targetNetKg: -1 })).toThrow(FillRequestError);
    expect(() => checkFillStart({ ...req(), allowanceKg: 20 })).toThrow('提前量');
    expect(() => checkFillStart(null)).toThrow('充装参数无效');
    expect(() => fills.state('nope')).toThrow('没有这次充装');
  });
});
