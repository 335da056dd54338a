/**
 * The actions of a cylinder's life (DOMAIN.md, "The cylinder life cycle"): one name per trace event,
 * used by the server's transition engine and by the screens that show a timeline.
 */
export const LIFECYCLE_ACTIONS = {
  register: { zh: '登记', en: 'Registered' },
  import: { zh: '导入', en: 'Imported' },
  pick: { zh: '领瓶', en: 'Picked' },
  returnPick: { zh: '退回领瓶', en: 'Pick returned' },
  fill: { zh: '充装', en: 'Filled' },
  fillInterrupted: { zh: '充装中断', en: 'Fill interrupted' },
  fillOverfill: { zh: '超装', en: 'Overfilled' },
  fillRefill: { zh: '中断后重新充装', en: 'Refill after interruption' },
  fillToAnalysis: { zh: '中断后转待分析', en: 'To analysis after interruption' },
  testPass: { zh: '检验合格', en: 'Inspection passed' },
  testFail: { zh: '检验不合格', en: 'Inspection failed' },
  testCorrection: { zh: '修改检验记录', en: 'Inspection record corrected' },
  reweighPass: { zh: '复秤合格', en: 'Re-weighed' },
  reweighFail: { zh: '复秤超差', en: 'Re-weigh out of tolerance' },
  vacuum: { zh: '抽真空', en: 'Vacuum handled' },
  analyse: { zh: '分析处理', en: 'Analysed' },
  rollback: { zh: '回退', en: 'Rolled back' },
  scrap: { zh: '报废', en: 'Scrapped' },
  inspection: { zh: '定期检验', en: 'Periodic inspection' },
  inspectionFail: { zh: '定期检验不合格', en: 'Periodic inspection failed' },
  hickey: { zh: '更换瓶阀', en: 'Valve replaced' },
  stockInEmpty: { zh: '空瓶入库', en: 'Empty stock-in' },
  stockInProduct: { zh: '成品入库', en: 'Product stock-in' },
  outboundScan: { zh: '出库扫描', en: 'Scanned for shipment' },
  removeFromOrder: { zh: '移出出库单', en: 'Removed from order' },
  outbound: { zh: '出库', en: 'Shipped' },
  recover: { zh: '回收', en: 'Recovered' },
  // Issue 37: the road and the customer.
  deliver: { zh: '交付签收', en: 'Delivered' },
  unload: { zh: '回厂卸车', en: 'Unloaded back' },
  tripMissing: { zh: '运输缺失', en: 'Missing after trip' },
  auditFound: { zh: '盘点发现', en: 'Found by audit' },
  auditMissing: { zh: '盘点未见', en: 'Not found by audit' },
  householdDeliver: { zh: '配送到户', en: 'Delivered to household' },
} as const;

export type LifecycleAction = keyof typeof LIFECYCLE_ACTIONS;
export const LIFECYCLE_ACTION_NAMES = Object.keys(LIFECYCLE_ACTIONS) as LifecycleAction[];

/** The Chinese name of an action as stored in a trace event (unknown names as they are). */
export const actionLabel = (action: string, lang: 'zh' | 'en' = 'zh'): string =>
  (LIFECYCLE_ACTIONS as Record<string, { zh: string; en: string } | undefined>)[action]?.[lang] ?? action;

/** Status codes of the life cycle (SPEC section 3; their meaning in DOMAIN.md). The one definition. */
export const STATUS = {
  scrap: 0, analyze: 1, stock: 2, received: 3, filled: 4, inspected: 5, reWeighed: 6,
  toOutbound: 7, scanned: 8, outbound: 9, recovery: 10,
} as const;
export type NamedStatus = (typeof STATUS)[keyof typeof STATUS];
/** A cylinder's status: a named one, or 11–13 (reserved, shown as their number). */
export type CylinderStatus = NamedStatus | 11 | 12 | 13;

/** The words of each named status, in both UI languages: tabs, columns, exports, messages and enumerations read these. */
export const STATUS_LABELS: Record<NamedStatus, { zh: string; en: string }> = {
  0: { zh: '报废', en: 'Scrapped' },
  1: { zh: '待分析', en: 'To analyse' },
  2: { zh: '在库', en: 'In stock' },
  3: { zh: '已领瓶', en: 'Picked' },
  4: { zh: '已充装', en: 'Filled' },
  5: { zh: '已检验', en: 'Inspected' },
  6: { zh: '已复秤', en: 'Re-weighed' },
  7: { zh: '待出库', en: 'To ship' },
  8: { zh: '已扫描', en: 'Scanned' },
  9: { zh: '已出库', en: 'Shipped' },
  10: { zh: '已回收', en: 'Returned' },
};

export const isNamedStatus = (code: number): code is NamedStatus => code in STATUS_LABELS;

/** A status in words (11–13, which have none, as their number). */
export const statusName = (code: number, lang: 'zh' | 'en' = 'zh'): string => (isNamedStatus(code) ? STATUS_LABELS[code][lang] : String(code));

/**
 * Gases filled by weight: their fill records the net weight (from the filling scale, or typed); the others
 * (compressed gases, mixtures) record the final pressure (DOMAIN.md "Records").
 */
export const FILLED_BY_WEIGHT: readonly string[] = ['liquefied', 'dissolved', 'cryogenic'];
export const filledByWeight = (category: string): boolean => FILLED_BY_WEIGHT.includes(category);

/** Decisions of 分析处理 on a cylinder in analyze (1): back to stock, back to filling, or scrap. */
export const ANALYSE_DECISIONS = [2, 3, 0] as const;

/** The header a workstation names itself in (set on 设备设置); the trace records it. */
export const WORKSTATION_HEADER = 'x-workstation';
