import { endpoint } from '@shared/api/endpoint';
import {
  FillDecisionBody, FillInterruptedBody, ResumeBody, ScanResult, SuspendBody, SuspensionQuery, SuspensionState,
} from '@shared/api/production';
import type { PermissionKey } from '@shared/menus';

/**
 * The fill cycle's server calls (issue 34) as the station uses them. Stand-ins with the same paths and schemas
 * until the server half (PRODUCTION in src/shared/api/production.ts) is merged; then these become those entries.
 */
const SUSPEND = 'produce:suspend' as PermissionKey;
export const FILL_API = {
  fillInterrupted: endpoint({
    method: 'POST', path: '/api/produce/fillInterrupted', summary: '充装中断：记录已充装量与原因', permission: 'produce:filling',
    body: FillInterruptedBody, data: ScanResult,
  }),
  fillDecision: endpoint({
    method: 'POST', path: '/api/produce/fillDecision', summary: '中断后的处理：重新充装或转待分析', permission: 'produce:filling',
    body: FillDecisionBody, data: ScanResult,
  }),
  suspend: endpoint({ method: 'POST', path: '/api/produce/suspend', summary: '停止充装', permission: SUSPEND, body: SuspendBody, data: SuspensionState }),
  resume: endpoint({ method: 'POST', path: '/api/produce/resume', summary: '恢复充装', permission: SUSPEND, body: ResumeBody, data: SuspensionState }),
  suspension: endpoint({
    method: 'POST', path: '/api/produce/suspension', summary: '充装是否被停止', permission: 'authenticated',
    body: SuspensionQuery, data: SuspensionState, readOnly: true, background: true,
  }),
};
