import type { ScaleReadingEvent } from '../../../shared/devices';
import {
  FILL_HEARTBEAT_SECONDS,
  type FillEndReason,
  type FillPhase,
  type FillStartRequest,
  type FillState,
} from '../../../shared/fill-cycle';
import type { PermissionRelay } from '../relay/relay';

/**
 * The fill cycle on the device side (issue 34): one state machine per FillStartRequest.
 *
 *   start → relay allow (grant) → phase 'filling': the scale's readings are followed, the board's watchdog re-armed
 *   about once a second → net ≥ targetNet − allowance: relay release, phase 'settling' (reason 'target') → the
 *   first stable reading after the release: phase 'done' with that net.
 *
 * Fail-safes, each withdrawing the permission (phase 'aborted', `reason` says why): net > targetNet + tolerance
 * ('overfill', at once, also while settling); no reading for silenceSeconds ('scaleSilent'); cancel ('cancelled' or
 * 'suspended'); elapsed > maxSeconds ('timeout'); no state poll for FILL_HEARTBEAT_SECONDS ('stationLost'); a relay
 * write failing ('relayError': the off write is retried until it succeeds); releaseAll() on shutdown.
 *
 * Pure logic apart from the injected relay and clock: timers are setInterval/Date.now, so tests use fake time.
 */
export interface FillControllerDeps {
  relay(name: string): PermissionRelay | undefined;
  /** Makes sure the scale on `path` is read; throws (Chinese message) when it is not configured. */
  ensureScale(path: string): Promise<void> | void;
  /** The latest reading of a scale, if any (to show a weight before the next one). */
  latest?(path: string): ScaleReadingEvent | undefined;
  now?: () => number;
  /** Period of the fail-safe checks (ms, default 100). */
  tickMs?: number;
  /** Period of the watchdog re-arm while filling (ms, default 1000). */
  rearmMs?: number;
  /** How long a finished cycle still answers fillState (ms, default 10 min). */
  retentionMs?: number;
  /** Every phase change (the desktop broadcasts it, the agent logs it). */
  onChange?(state: FillState): void;
}

export class FillRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FillRequestError';
  }
}

const FINAL: readonly FillPhase[] = ['done', 'aborted'];

const END_MESSAGES: Record<FillEndReason, string | null> = {
  target: null,
  overfill: '超装：重量超过目标加允差，已停止充装',
  scaleSilent: '电子秤无读数，已停止充装',
  cancelled: '已取消充装',
  timeout: '超过单次充装最长时长，已停止充装',
  stationLost: '充装工位失去联系，已停止充装',
  suspended: '充装已被暂停，已停止充装',
  relayError: '充装阀继电器通信失败，已停止充装',
};

interface Cycle {
  req: FillStartRequest;
  relay: PermissionRelay;
  phase: FillPhase;
  reason: FillEndReason | null;
  grossKg: number | null;
  stable: boolean;
  grantedAt: number;
  releasedAt: number | null;
  message: string | null;
  lastReadingAt: number;
  lastPollAt: number;
  lastArmAt: number;
  /** The off write still has to succeed. */
  releasePending: boolean;
  releasing: boolean;
  lastReleaseTry: number;
  endedAt: number | null;
  /** The start call's answer, shared by a repeated start of the same fillId. */
  started?: Promise<FillState>;
}

const num = (v: unknown, name: string, min: number, max: number, minExclusive = false): number => {
  const n = typeof v === 'number' ? v : Number.NaN;
  if (!Number.isFinite(n) || n < min || n > max || (minExclusive && n === min)) {
    throw new FillRequestError(`充装参数无效：${name} 应在 ${min}–${max} 之间`);
  }
  return n;
};
const str = (v: unknown, name: string): string => {
  if (typeof v !== 'string' || !v.trim() || v.length > 256) throw new FillRequestError(`充装参数无效：缺少${name}`);
  return v;
};

/** A start request from IPC or HTTP, checked field by field; throws FillRequestError with the field. */
export function checkFillStart(input: unknown): FillStartRequest {
  if (!input || typeof input !== 'object') throw new FillRequestError('充装参数无效：应为对象');
  const r = input as Record<string, unknown>;
  const req: FillStartRequest = {
    fillId: str(r.fillId, ' fillId'),
    code: str(r.code, '气瓶编码'),
    scale: str(r.scale, '电子秤'),
    relay: str(r.relay, '继电器'),
    tareKg: num(r.tareKg, 'tareKg', 0, 10_000),
    targetNetKg: num(r.targetNetKg, 'targetNetKg', 0, 10_000, true),
    allowanceKg: num(r.allowanceKg, 'allowanceKg', 0, 10_000),
    toleranceKg: num(r.toleranceKg, 'toleranceKg', 0, 10_000),
    maxSeconds: num(r.maxSeconds, 'maxSeconds', 0, 86_400, true),
    silenceSeconds: num(r.silenceSeconds, 'silenceSeconds', 0, 3_600, true),
  };
  if (req.allowanceKg >= req.targetNetKg) throw new FillRequestError('充装参数无效：提前量应小于目标净重');
  return req;
}

export class FillController {
  private readonly cycles = new Map<string, Cycle>();
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;

  constructor(private readonly deps: FillControllerDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Starts a cycle, or answers the cycle already started under this fillId. */
  start(input: unknown): Promise<FillState> {
    const req = checkFillStart(input);
    const existing = this.cycles.get(req.fillId);
    if (existing) {
      existing.lastPollAt = this.now();
      return existing.started ?? Promise.resolve(this.view(existing));
    }
    for (const c of this.cycles.values()) {
      if (FINAL.includes(c.phase) && !c.releasePending) continue;
      if (c.req.relay === req.relay) throw new FillRequestError(`继电器「${req.relay}」正在为气瓶 ${c.req.code} 充装，请先结束该次充装`);
      if (c.req.scale === req.scale) throw new FillRequestError(`电子秤 ${req.scale} 正在为气瓶 ${c.req.code} 充装，请先结束该次充装`);
    }
    const relay = this.deps.relay(req.relay);
    if (!relay) throw new FillRequestError(`未配置继电器「${req.relay}」`);
    const now = this.now();
    const cycle: Cycle = {
      req,
      relay,
      phase: 'filling',
      reason: null,
      grossKg: null,
      stable: false,
      grantedAt: now,
      releasedAt: null,
      message: null,
      lastReadingAt: now,
      lastPollAt: now,
      lastArmAt: now,
      releasePending: false,
      releasing: false,
      lastReleaseTry: 0,
      endedAt: null,
    };
    this.cycles.set(req.fillId, cycle);
    cycle.started = this.grant(cycle);
    return cycle.started;
  }

  /** The cycle as the station sees it; each call is the station's heartbeat. */
  state(fillId: string): FillState {
    const cycle = this.cycles.get(fillId);
    if (!cycle) throw new FillRequestError(`没有这次充装：${fillId}`);
    cycle.lastPollAt = this.now();
    return this.view(cycle);
  }

  cancel(fillId: string, reason: 'cancelled' | 'suspended' = 'cancelled'): FillState {
    const cycle = this.cycles.get(fillId);
    if (!cycle) throw new FillRequestError(`没有这次充装：${fillId}`);
    if (reason !== 'cancelled' && reason !== 'suspended') throw new FillRequestError('取消原因应为 cancelled 或 suspended');
    cycle.lastPollAt = this.now();
    if (!FINAL.includes(cycle.phase)) this.abort(cycle, reason);
    return this.view(cycle);
  }

  /** Every reading of every scale (the scale manager's event). */
  onReading(event: ScaleReadingEvent): void {
    for (const cycle of this.cycles.values()) {
      if (cycle.req.scale !== event.path || FINAL.includes(cycle.phase)) continue;
      const now = this.now();
      cycle.lastReadingAt = now;
      cycle.grossKg = event.weight;
      cycle.stable = event.stable;
      const net = event.weight - cycle.req.tareKg;
      if (net > cycle.req.targetNetKg + cycle.req.toleranceKg) {
        this.abort(cycle, 'overfill', `超装：净重 ${net.toFixed(2)} kg 超过目标 ${cycle.req.targetNetKg} kg 加允差 ${cycle.req.toleranceKg} kg，已停止充装`);
      } else if (cycle.phase === 'filling' && net >= cycle.req.targetNetKg - cycle.req.allowanceKg) {
        cycle.phase = 'settling';
        cycle.reason = 'target';
        this.withdraw(cycle);
      } else if (cycle.phase === 'settling' && event.stable && cycle.releasedAt !== null && event.at >= cycle.releasedAt) {
        cycle.phase = 'done';
        cycle.endedAt = now;
        this.changed(cycle);
      }
    }
  }

  /** Cycles still holding or releasing a permission. */
  active(): FillState[] {
    return [...this.cycles.values()].filter((c) => !FINAL.includes(c.phase) || c.releasePending).map((c) => this.view(c));
  }

  /** Shutdown: every permission withdrawn, resolved once the off writes were tried. */
  async releaseAll(message = '设备代理已退出，已停止充装'): Promise<void> {
    const writes: Promise<unknown>[] = [];
    for (const cycle of this.cycles.values()) {
      if (!FINAL.includes(cycle.phase)) {
        cycle.phase = 'aborted';
        cycle.reason = 'stationLost';
        cycle.message = message;
        cycle.releasedAt ??= this.now();
        cycle.endedAt = this.now();
        cycle.releasePending = true;
      }
      if (cycle.releasePending) writes.push(cycle.relay.release().then(() => (cycle.releasePending = false), () => undefined));
    }
    await Promise.all(writes);
    this.stopTimer();
  }

  dispose(): void {
    this.stopTimer();
  }

  private async grant(cycle: Cycle): Promise<FillState> {
    try {
      await this.deps.ensureScale(cycle.req.scale);
    } catch (err) {
      this.cycles.delete(cycle.req.fillId);
      throw new FillRequestError((err as Error).message);
    }
    const latest = this.deps.latest?.(cycle.req.scale);
    if (latest) {
      cycle.grossKg = latest.weight;
      cycle.stable = latest.stable;
    }
    this.ensureTimer();
    try {
      await cycle.relay.allow();
      const now = this.now();
      cycle.lastArmAt = now;
      if (cycle.phase === 'filling') {
        // Time of the permission: counted from the relay's answer.
        cycle.grantedAt = now;
        cycle.lastReadingAt = Math.max(cycle.lastReadingAt, now);
      }
    } catch (err) {
      if (!FINAL.includes(cycle.phase)) this.abort(cycle, 'relayError', `${END_MESSAGES.relayError}：${(err as Error).message}`);
    }
    this.changed(cycle);
    return this.view(cycle);
  }

  private abort(cycle: Cycle, reason: FillEndReason, message = END_MESSAGES[reason]): void {
    const wasFilling = cycle.phase === 'filling';
    cycle.phase = 'aborted';
    cycle.reason = reason;
    cycle.message = message;
    cycle.endedAt = this.now();
    if (wasFilling) this.withdraw(cycle);
    else this.changed(cycle);
  }

  /** Permission off: releasedAt stamped now, the write retried by the tick until it succeeds. */
  private withdraw(cycle: Cycle): void {
    cycle.releasedAt = this.now();
    cycle.releasePending = true;
    this.changed(cycle);
    this.tryRelease(cycle);
  }

  private tryRelease(cycle: Cycle): void {
    if (cycle.releasing) return;
    cycle.releasing = true;
    cycle.lastReleaseTry = this.now();
    cycle.relay.release().then(
      () => {
        cycle.releasing = false;
        cycle.releasePending = false;
      },
      (err: Error) => {
        cycle.releasing = false;
        const text = `充装阀继电器关闭失败，正在重试：${err.message}`;
        if (cycle.message === text) return;
        cycle.message = text;
        // A fill whose valve may still be open is no good fill; an overfill stays an overfill.
        if (cycle.reason !== 'overfill') cycle.reason = 'relayError';
        if (cycle.phase !== 'aborted') {
          cycle.phase = 'aborted';
          cycle.endedAt = this.now();
        }
        this.changed(cycle);
      },
    );
  }

  private tick(): void {
    const now = this.now();
    for (const [id, cycle] of this.cycles) {
      if (cycle.releasePending && !cycle.releasing && now - cycle.lastReleaseTry >= 500) this.tryRelease(cycle);
      if (FINAL.includes(cycle.phase)) {
        if (!cycle.releasePending && cycle.endedAt !== null && now - cycle.endedAt > (this.deps.retentionMs ?? 600_000)) this.cycles.delete(id);
        continue;
      }
      if (now - cycle.lastPollAt > FILL_HEARTBEAT_SECONDS * 1000) this.abort(cycle, 'stationLost');
      else if (now - cycle.lastReadingAt > cycle.req.silenceSeconds * 1000) this.abort(cycle, 'scaleSilent', `电子秤 ${cycle.req.scale} 超过 ${cycle.req.silenceSeconds} 秒无读数，已停止充装`);
      else if (now - cycle.grantedAt > cycle.req.maxSeconds * 1000) this.abort(cycle, 'timeout');
      else if (cycle.phase === 'filling' && cycle.relay.config.watchdogSeconds > 0 && now - cycle.lastArmAt >= this.rearmPeriod(cycle)) {
        cycle.lastArmAt = now;
        cycle.relay.allow().catch((err: Error) => {
          if (cycle.phase === 'filling') this.abort(cycle, 'relayError', `${END_MESSAGES.relayError}：${err.message}`);
        });
      }
    }
    if (this.cycles.size === 0) this.stopTimer();
  }

  /** About once a second, and at least three times per watchdog period so one lost write does not release. */
  private rearmPeriod(cycle: Cycle): number {
    return Math.min(this.deps.rearmMs ?? 1000, (cycle.relay.config.watchdogSeconds * 1000) / 3);
  }

  private ensureTimer(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.deps.tickMs ?? 100);
    this.timer.unref?.();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private changed(cycle: Cycle): void {
    this.deps.onChange?.(this.view(cycle));
  }

  private view(c: Cycle): FillState {
    return {
      fillId: c.req.fillId,
      code: c.req.code,
      phase: c.phase,
      reason: c.reason,
      scale: c.req.scale,
      relay: c.req.relay,
      grossKg: c.grossKg,
      netKg: c.grossKg === null ? null : Math.round((c.grossKg - c.req.tareKg) * 1000) / 1000,
      stable: c.stable,
      tareKg: c.req.tareKg,
      targetNetKg: c.req.targetNetKg,
      grantedAt: new Date(c.grantedAt).toISOString(),
      releasedAt: c.releasedAt === null ? null : new Date(c.releasedAt).toISOString(),
      message: c.message,
    };
  }
}
