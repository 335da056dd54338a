/**
 * Tab and column names of the cylinder status codes of SPEC section 3 (as the issue 4 brief words them);
 * 11–13 have no name and show as their number.
 */
export const STATUS_LABELS: Record<number, string> = {
  0: '报废', 1: '待分析', 2: '库存', 3: '已领瓶', 4: '已充装', 5: '已检验', 6: '已复秤', 7: '待出库', 8: '已扫描',
  9: '已出库', 10: '已回收',
};
export const ALL_STATUSES = Array.from({ length: 14 }, (_, i) => i);
/** Codes without a name get a tab only while some cylinder has them. */
export const isNamedStatus = (code: number): boolean => code in STATUS_LABELS;
export const statusLabel = (code: number): string => STATUS_LABELS[code] ?? String(code);

/** Names of the trace actions the server writes; later issues add theirs (unknown ones show as written). */
const ACTION_LABELS: Record<string, string> = { register: '登记', import: '导入', scrap: '报废', inspectionFail: '定期检验不合格报废' };
export const actionLabel = (action: string): string => ACTION_LABELS[action] ?? action;
