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
  outbound: { zh: '出库', en: 'Shipped' },
  recover: { zh: '回收', en: 'Recovered' },
} as const;

export type LifecycleAction = keyof typeof LIFECYCLE_ACTIONS;
export const LIFECYCLE_ACTION_NAMES = Object.keys(LIFECYCLE_ACTIONS) as LifecycleAction[];

/** The Chinese name of an action as stored in a trace event (unknown names as they are). */
export const actionLabel = (action: string, lang: 'zh' | 'en' = 'zh'): string =>
  (LIFECYCLE_ACTIONS as Record<string, { zh: string; en: string } | undefined>)[action]?.[lang] ?? action;

/** Status codes of the life cycle (SPEC section 3). */
export const STATUS = {
  scrap: 0, analyze: 1, stock: 2, received: 3, filling: 4, inspected: 5, reWeighed: 6,
  toOutbound: 7, scanned: 8, outbound: 9, recovery: 10,
} as const;

/** Decisions of 分析处理 on a cylinder in analyze (1): back to stock, back to filling, or scrap. */
export const ANALYSE_DECISIONS = [2, 3, 0] as const;

/** The header a workstation names itself in (set on 设备设置); the trace records it. */
export const WORKSTATION_HEADER = 'x-workstation';
