/**
 * Data sources (记录建模): the data a document template or a label may print, named once here so the
 * server that fills them, the template check at upload, the label designer's field picker and the record
 * settings all agree. A field is addressed by its `contentKey`, a dotted path into the data the server builds
 * (`cylinder.code`, `lastFill.lotNo`, `order.customer.name`); a `list` field is an array whose `fields` are
 * addressed relative to one item (a report loops over it, e.g. `{#cylinders}{code}{/cylinders}`).
 *
 * SPEC section 3 names report and label sources `contentName` / `contentKey`.
 */
export type DataFieldType = 'text' | 'number' | 'date' | 'datetime' | 'image' | 'boolean' | 'list';

export interface DataField {
  contentKey: string;
  contentName: string;
  type: DataFieldType;
  /** `list` only: the fields of one item, keys relative to it. */
  fields?: readonly DataField[];
}

export const DATA_SOURCE_KINDS = ['CYLINDER', 'OUTBOUND_ORDER', 'LOT'] as const;
export type DataSourceKind = (typeof DATA_SOURCE_KINDS)[number];

const text = (contentKey: string, contentName: string): DataField => ({ contentKey, contentName, type: 'text' });
const num = (contentKey: string, contentName: string): DataField => ({ contentKey, contentName, type: 'number' });
const date = (contentKey: string, contentName: string): DataField => ({ contentKey, contentName, type: 'date' });
const datetime = (contentKey: string, contentName: string): DataField => ({ contentKey, contentName, type: 'datetime' });
const image = (contentKey: string, contentName: string): DataField => ({ contentKey, contentName, type: 'image' });
const bool = (contentKey: string, contentName: string): DataField => ({ contentKey, contentName, type: 'boolean' });
const list = (contentKey: string, contentName: string, fields: readonly DataField[]): DataField => ({ contentKey, contentName, type: 'list', fields });

/** The plant (企业信息), in every data source. Images are data URLs or absent. */
export const COMPANY_FIELDS: readonly DataField[] = [
  text('company.name', '企业名称'),
  text('company.creditCode', '统一社会信用代码'),
  text('company.licenceNo', '充装许可证编号'),
  date('company.licenceExpiry', '许可证有效期至'),
  text('company.address', '企业地址'),
  text('company.phone', '企业电话'),
  image('company.logo', '企业标志'),
];

/** One cylinder as documents and labels print it; relative keys, so a list item can reuse them. */
export const CYLINDER_ITEM_FIELDS: readonly DataField[] = [
  text('code', '气瓶编码'),
  text('steelStamp', '钢印号'),
  text('gasName', '充装介质'),
  text('gasCode', '介质编码'),
  text('specification', '规格型号'),
  num('waterVolume', '水容积(L)'),
  num('tareWeight', '皮重(kg)'),
  num('workingPressure', '公称工作压力(MPa)'),
  text('manufacturer', '制造单位'),
  date('manufactureDate', '制造日期'),
  date('lastInspectionDate', '上次检验日期'),
  date('nextInspectionDate', '下次检验日期'),
  date('designLifeUntil', '设计使用年限至'),
  text('statusName', '状态'),
  text('ownerName', '产权单位'),
  text('qrUrl', '二维码网址'),
  image('qrImage', '二维码图片'),
];

/** The cylinder's last fill and that fill's own inspection and re-weigh (empty while it has none). */
export const LAST_RECORD_FIELDS: readonly DataField[] = [
  datetime('lastFill.at', '充装时间'),
  text('lastFill.lotNo', '充装批号'),
  num('lastFill.weight', '充装量(kg)'),
  num('lastFill.pressure', '充装压力(MPa)'),
  text('lastFill.operator', '充装人员'),
  text('lastFill.workstation', '充装工位'),
  datetime('lastInspection.at', '检验时间'),
  text('lastInspection.resultName', '检验结论'),
  text('lastInspection.operator', '检验人员'),
  list('lastInspection.items', '检验项目', [
    text('name', '项目'),
    text('value', '检测值'),
    text('standard', '标准'),
    text('unit', '单位'),
    text('resultName', '结论'),
  ]),
  datetime('lastWeigh.at', '复秤时间'),
  num('lastWeigh.gross', '毛重(kg)'),
  num('lastWeigh.net', '净重(kg)'),
  num('lastWeigh.deviation', '偏差(kg)'),
  text('lastWeigh.resultName', '复秤结论'),
  text('lastWeigh.operator', '复秤人员'),
];

/**
 * A document's row: one fill with its own inspection and re-weigh (the ones that followed that fill, not the
 * cylinder's latest) and the verdict of the row: 合格 only when the inspection passed and the re-weigh passed or
 * the gas needs none; 不合格 when either failed; 待定 while one is missing.
 */
const FILL_ROW_FIELDS: readonly DataField[] = [
  datetime('fillAt', '充装时间'),
  text('lotNo', '充装批号'),
  num('fillWeight', '充装量(kg)'),
  num('fillPressure', '充装压力(MPa)'),
  text('fillOperator', '充装人员'),
  datetime('inspectionAt', '检验时间'),
  text('inspectionResultName', '检验结论'),
  num('weighNet', '复秤净重(kg)'),
  text('weighStandard', '复秤标准(kg)'),
  text('weighResultName', '复秤结论'),
  text('verdictName', '判定'),
  bool('passed', '合格'),
];

/**
 * What a document concludes from its rows (one rule for every document): the pass statement only when every row
 * passed, else the counts. A template prints `{conclusion.statement}`, or tests `{#conclusion.allPassed}…{/conclusion.allPassed}`.
 */
const conclusionFields = (passStatement: string): DataField[] => [
  bool('conclusion.allPassed', '全部合格'),
  num('conclusion.total', '记录数'),
  num('conclusion.passedCount', '合格数'),
  num('conclusion.failedCount', '不合格数'),
  num('conclusion.pendingCount', '待定数'),
  num('conclusion.notPassedCount', '不合格或待定数'),
  text('conclusion.statement', `结论：全部合格时「${passStatement}」，否则「N 合格 / M 不合格或待定」`),
];

/** The pass statement of a lot (产品合格证) and of an outbound order (质量证明书, 发货清单). */
export const PASS_STATEMENTS = { LOT: '本批产品经检验合格，准予出厂。', OUTBOUND_ORDER: '以上气瓶经检验合格，准予出厂。' } as const;

export interface DataSourceDef {
  kind: DataSourceKind;
  /** contentName of the source itself. */
  name: string;
  /** Its name in English (the UI in English mode). */
  nameEn: string;
  /** What the print call names to fill it: a cylinder code, an outbound order id, a lot number. */
  subject: string;
  subjectEn: string;
  fields: readonly DataField[];
}

const cylinderFields = (prefix: string): DataField[] =>
  CYLINDER_ITEM_FIELDS.map((f) => ({ ...f, contentKey: `${prefix}.${f.contentKey}` }));

export const DATA_SOURCES: Record<DataSourceKind, DataSourceDef> = {
  CYLINDER: {
    kind: 'CYLINDER',
    name: '气瓶',
    nameEn: 'Cylinder',
    subject: '气瓶编码',
    subjectEn: 'Cylinder code',
    fields: [...cylinderFields('cylinder'), ...LAST_RECORD_FIELDS, ...COMPANY_FIELDS, datetime('printedAt', '打印时间')],
  },
  OUTBOUND_ORDER: {
    kind: 'OUTBOUND_ORDER',
    name: '出库单',
    nameEn: 'Outbound order',
    subject: '出库单',
    subjectEn: 'Outbound order',
    fields: [
      text('order.orderNo', '出库单号'),
      text('order.typeName', '出库类型'),
      text('order.statusName', '出库状态'),
      datetime('order.createdAt', '开单时间'),
      datetime('order.completedAt', '出库时间'),
      text('order.operator', '开单人'),
      text('order.vehicle', '车辆'),
      text('order.driver', '司机'),
      text('order.escort', '押运员'),
      text('order.remark', '备注'),
      text('customer.name', '客户名称'),
      text('customer.code', '客户编码'),
      text('customer.contact', '联系人'),
      text('customer.phone', '联系电话'),
      text('customer.address', '客户地址'),
      text('sign.name', '签收人'),
      datetime('sign.at', '签收时间'),
      image('sign.image', '签收签名'),
      list('lines', '出库明细', [
        text('gasName', '充装介质'),
        text('specification', '规格型号'),
        num('quantity', '数量'),
        num('scanned', '已扫描'),
      ]),
      list('cylinders', '出库气瓶', [...CYLINDER_ITEM_FIELDS, ...FILL_ROW_FIELDS]),
      num('cylinderCount', '气瓶数量'),
      ...conclusionFields(PASS_STATEMENTS.OUTBOUND_ORDER),
      ...COMPANY_FIELDS,
      datetime('printedAt', '打印时间'),
    ],
  },
  LOT: {
    kind: 'LOT',
    name: '充装批次',
    nameEn: 'Filling lot',
    subject: '充装批号',
    subjectEn: 'Lot number',
    fields: [
      text('lot.lotNo', '充装批号'),
      text('lot.gasName', '充装介质'),
      datetime('lot.firstFillAt', '首瓶充装时间'),
      datetime('lot.lastFillAt', '末瓶充装时间'),
      num('lot.fillCount', '充装记录数'),
      num('lot.cylinderCount', '气瓶数量'),
      num('lot.passedCount', '合格数'),
      list('cylinders', '批次充装记录', [...CYLINDER_ITEM_FIELDS, ...FILL_ROW_FIELDS]),
      ...conclusionFields(PASS_STATEMENTS.LOT),
      ...COMPANY_FIELDS,
      datetime('printedAt', '打印时间'),
    ],
  },
};

/** A source's name in the reader's language. */
export const dataSourceName = (kind: DataSourceKind, lang: 'zh' | 'en'): string => (lang === 'en' ? DATA_SOURCES[kind].nameEn : DATA_SOURCES[kind].name);

export const isDataSourceKind = (value: string): value is DataSourceKind => (DATA_SOURCE_KINDS as readonly string[]).includes(value);

/** Every contentKey a source offers, list items as `list.key` (how a template check and a picker walk them). */
export function fieldKeys(kind: DataSourceKind): string[] {
  const keys: string[] = [];
  const walk = (fields: readonly DataField[], prefix: string) => {
    for (const f of fields) {
      const key = prefix ? `${prefix}.${f.contentKey}` : f.contentKey;
      keys.push(key);
      if (f.fields) walk(f.fields, key);
    }
  };
  walk(DATA_SOURCES[kind].fields, '');
  return keys;
}

/* ---------------------------------------------------------------- the data the server builds */

/** The plant as every data source carries it; `logo` is a data URL (documents embed it) or null. */
export interface CompanyData {
  name: string | null;
  creditCode: string | null;
  licenceNo: string | null;
  licenceExpiry: string | null;
  address: string | null;
  phone: string | null;
  logo: string | null;
}

/** One cylinder (CYLINDER_ITEM_FIELDS). Dates are yyyy-MM-dd; null where the record has none. */
export interface CylinderItemData {
  code: string;
  steelStamp: string | null;
  gasName: string;
  gasCode: string;
  specification: string | null;
  waterVolume: number | null;
  tareWeight: number | null;
  workingPressure: number | null;
  manufacturer: string | null;
  manufactureDate: string | null;
  lastInspectionDate: string | null;
  nextInspectionDate: string | null;
  designLifeUntil: string | null;
  statusName: string;
  ownerName: string | null;
  /** The public page of the cylinder (labels' QR code); '' until the plant publishes one. */
  qrUrl: string;
  /** Documents only: the QR code of qrUrl as a PNG data URL (a template's `{%qrImage}`); absent elsewhere. */
  qrImage?: string | null;
}

export interface FillData { at: string; lotNo: string | null; weight: number | null; pressure: number | null; operator: string | null; workstation: string | null }
export interface InspectionItemData { name: string; value: string; standard: string; unit: string; resultName: string }
export interface InspectionData { at: string; resultName: string; operator: string | null; items: InspectionItemData[] }
export interface WeighData { at: string; gross: number; net: number; deviation: number; resultName: string; operator: string | null }

/** What a document concludes from its rows (conclusion.* fields). */
export interface ConclusionData {
  allPassed: boolean;
  total: number;
  passedCount: number;
  failedCount: number;
  pendingCount: number;
  notPassedCount: number;
  statement: string;
}

/** The CYLINDER data source: what its fields' contentKeys read. A record the cylinder never had is null. */
export interface CylinderSourceData {
  cylinder: CylinderItemData;
  lastFill: FillData | null;
  lastInspection: InspectionData | null;
  lastWeigh: WeighData | null;
  company: CompanyData;
  /** yyyy-MM-dd HH:mm:ss, the server's time. */
  printedAt: string;
}
