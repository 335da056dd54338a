import { STATION_AT_MAX_AHEAD_MS } from '@shared/api/offline';
import { actionLabel } from '@shared/lifecycle';

/**
 * The times a scan brings from a station's clock, judged against the plant's bounds (DOMAIN.md "Documents and
 * times"): the station's time of a kept scan sent again (X-Station-At) and a fill's start and end.
 *
 * Refused (the record would state what cannot have happened, whatever the clocks): a station time more than the
 * clock allowance (STATION_AT_MAX_AHEAD_MS, 10 minutes) before the cylinder's previous event; a fill starting
 * that long before it, ending that long after its own scan, or starting more than 单次充装最长时长 before its scan.
 *
 * Kept, flagged (a real scan whose time a long outage or a drifting clock explains — a plant would rather keep
 * the record with a note for a supervisor than lose it): a station time older than 离线补传最长时限 when the
 * server received it, or up to the clock allowance before the previous event. The event then carries the flag
 * (what was claimed); its time is the server's, and the station's fill times are not written into the record.
 *
 * A supervisor's 重新扫描 (`lenient`) is never refused on times: what would be refused is flagged instead, since
 * the supervisor decided to record the scan.
 */
export interface TimeClaims {
  code: string;
  /** X-Station-At of a kept scan. */
  stationAt: Date | null;
  /** A fill's start and end, as the body gave them. */
  startedAt?: Date | null;
  endedAt?: Date | null;
  /** When the server received the scan. */
  receivedAt: Date;
  lenient: boolean;
}

export interface TimeFacts {
  /** The cylinder's newest event: its station time when it has one, else its server time. */
  previous: { at: Date; action: string } | null;
  replayMaxHours: number;
  fillMaxMinutes: number;
}

export interface TimeVerdict {
  refusal: string | null;
  /** Why the station's times were not taken (none: they were). */
  flag: string | null;
  /** The station's fill times stay out of the record (they are named in the flag). */
  dropFillTimes: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A moment as the plant reads it: the server's local time, to the second. */
export const moment = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

export function judgeTimes(claims: TimeClaims, facts: TimeFacts): TimeVerdict {
  const { code, stationAt, receivedAt, lenient } = claims;
  const startedAt = claims.startedAt ?? null;
  const endedAt = claims.endedAt ?? null;
  const prev = facts.previous;
  const prevText = prev ? `上一次操作（${actionLabel(prev.action)} ${moment(prev.at)}）` : '';
  const refusals: string[] = [];
  const flags: string[] = [];
  /** Refused, or for a supervisor's 重新扫描 flagged. */
  const impossible = (refusal: string, flag: string) => (lenient ? flags.push(flag) : refusals.push(refusal));

  if (stationAt) {
    const at = moment(stationAt);
    if (prev && stationAt.getTime() < prev.at.getTime() - STATION_AT_MAX_AHEAD_MS) {
      impossible(`气瓶 ${code} 的扫描时间 ${at} 早于它的${prevText}，不能按此时间记录：请核对工作站时钟`, `工位时间 ${at} 早于${prevText}`);
    } else if (prev && stationAt < prev.at) {
      flags.push(`工位时间 ${at} 早于${prevText}，工作站时钟可能不准`);
    }
    if (receivedAt.getTime() - stationAt.getTime() > facts.replayMaxHours * 3600_000) {
      flags.push(`工位时间 ${at} 超出离线补传最长时限（${facts.replayMaxHours} 小时）`);
    }
  }

  const fillTimes = startedAt !== null || endedAt !== null;
  if (fillTimes) {
    const scanAt = stationAt ?? receivedAt;
    const first = (startedAt ?? endedAt)!;
    const span = `${startedAt ? moment(startedAt) : '—'}–${endedAt ? moment(endedAt) : '—'}`;
    if (endedAt && endedAt.getTime() > scanAt.getTime() + STATION_AT_MAX_AHEAD_MS) {
      impossible(`气瓶 ${code} 的充装结束时间 ${moment(endedAt)} 晚于本次扫描（${moment(scanAt)}）`, `充装结束时间 ${moment(endedAt)} 晚于扫描时间`);
    }
    if (prev && first.getTime() < prev.at.getTime() - STATION_AT_MAX_AHEAD_MS) {
      impossible(`气瓶 ${code} 的充装时间 ${span} 早于它的${prevText}`, `充装时间 ${span} 早于${prevText}`);
    } else if (prev && first < prev.at) {
      flags.push(`充装时间 ${span} 早于${prevText}，工作站时钟可能不准`);
    }
    if (first.getTime() < scanAt.getTime() - facts.fillMaxMinutes * 60_000) {
      impossible(
        `气瓶 ${code} 的充装时间 ${span} 超出单次充装最长时长（${facts.fillMaxMinutes} 分钟）：充装须在本次扫描（${moment(scanAt)}）前 ${facts.fillMaxMinutes} 分钟内开始`,
        `充装时间 ${span} 超出单次充装最长时长（${facts.fillMaxMinutes} 分钟）`,
      );
    }
    if (!refusals.length && flags.length) flags.push(`工位记录的充装时间 ${span} 未写入充装记录`);
  }

  if (refusals.length) return { refusal: refusals.join('；'), flag: null, dropFillTimes: false };
  if (!flags.length) return { refusal: null, flag: null, dropFillTimes: false };
  return { refusal: null, flag: `${flags.join('；')}；以服务器时间为准`.slice(0, 500), dropFillTimes: fillTimes };
}
