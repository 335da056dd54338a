import { CYLINDER_STATUS_LABELS, cylinderStatusLabel } from '@shared/status';

export const ALL_STATUSES = Array.from({ length: 14 }, (_, i) => i);
/** Codes without a name get a tab only while some cylinder has them. */
export const isNamedStatus = (code: number): boolean => code in CYLINDER_STATUS_LABELS;
export const statusLabel = cylinderStatusLabel;

/** Names of the trace actions the server writes; later issues add theirs (unknown ones show as written). */
const ACTION_LABELS: Record<string, string> = { register: '登记', import: '导入', scrap: '报废', inspectionFail: '定期检验不合格报废' };
export const actionLabel = (action: string): string => ACTION_LABELS[action] ?? action;
