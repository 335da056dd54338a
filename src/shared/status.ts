/** Cylinder status codes of SPEC section 3 (meaning in DOMAIN.md). */
export const CYLINDER_STATUS = {
  SCRAP: 0,
  ANALYZE: 1,
  STOCK: 2,
  RECEIVED: 3,
  FILLING: 4,
  INSPECTED: 5,
  REWEIGHED: 6,
  TO_OUTBOUND: 7,
  SCANNED: 8,
  OUTBOUND: 9,
  RECOVERY: 10,
} as const;
export type CylinderStatus = (typeof CYLINDER_STATUS)[keyof typeof CYLINDER_STATUS] | 11 | 12 | 13;

export const CYLINDER_STATUS_NAMES: Record<number, string> = {
  0: 'scrap', 1: 'analyze', 2: 'stock', 3: 'received', 4: 'filling', 5: 'inspected', 6: 'reWeighed',
  7: 'toOutbound', 8: 'scanned', 9: 'outbound', 10: 'recovery',
};

/** Chinese labels of the status codes, shown in tabs, columns, exports and the productStatus enumeration. */
export const CYLINDER_STATUS_LABELS: Record<number, string> = {
  0: '报废', 1: '待分析', 2: '在库', 3: '已领瓶', 4: '已充装', 5: '已检验', 6: '已复秤', 7: '待出库', 8: '已扫描',
  9: '已出库', 10: '已回收',
};
/** 11–13 have no name and show as their number. */
export const cylinderStatusLabel = (code: number): string => CYLINDER_STATUS_LABELS[code] ?? String(code);
