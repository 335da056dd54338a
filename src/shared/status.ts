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
