import type { InternalAxiosRequestConfig } from 'axios';
import type { CylinderBrief, ScanResult } from '@shared/api/production';

/** Test fixtures of the production screens (produce, inspect, trace). */
export const LPG = { id: 3, materialName: '液化石油气', materialShortName: 'LPG', code: 'LPG', category: 'liquefied', status: 1 };
export const N2 = { id: 4, materialName: '氮气', materialShortName: 'N2', code: 'N2', category: 'compressed', status: 1 };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const brief = (code: string, status: number, extra: Partial<CylinderBrief> = {}): CylinderBrief => ({
  id: 11, code, status, materialId: 3, materialName: '液化石油气', specification: 'YSP-15', tareWeight: 15.2,
  nextInspectionDate: '2028-01-01', ownerName: '本厂', ...extra,
});

export const result = (code: string, from: number, to: number, message: string, extra: Partial<ScanResult> = {}): ScanResult => ({
  cylinderId: 11, code, action: 'pick', fromStatus: from, toStatus: to, traceId: 100, recordId: null, repeated: false, message, ...extra,
});

export const bodyOf = (c: InternalAxiosRequestConfig) => JSON.parse(c.data as string) as Record<string, unknown>;

/** The bodies of the calls to one path, in order. */
export const bodies = (adapter: { calls: InternalAxiosRequestConfig[] }, url: string) => adapter.calls.filter((c) => c.url === url).map(bodyOf);

export const refusal = (msg: string) => ({ data: { code: -1, msg, data: null } });

/**
 * The server's 今日完成 for the fake servers of the station tests: it counts the status changes it answered
 * (not repeats, not refusals), as the real one counts today's trace events. Wrap a handler's reply with it.
 */
export function todayCounter() {
  let done = 0;
  return {
    seen(reply: { data?: unknown } | undefined) {
      type Scan = { repeated?: boolean; toStatus?: number };
      const env = reply?.data as { code?: number; data?: (Scan & { scan?: Scan | null }) | null } | undefined;
      // A stock-in answers its scan inside the order's answer.
      const scan = env?.data?.scan ?? env?.data;
      if (env?.code === 0 && scan && scan.repeated === false && typeof scan.toStatus === 'number') done += 1;
      return reply;
    },
    answer: (url: string | undefined) => (url === '/produce/todayCount' ? ({ data: { code: 0, msg: 'ok', data: { count: done, by: 'workstation' } } }) : undefined),
  };
}
