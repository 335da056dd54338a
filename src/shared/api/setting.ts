import { Type, type Static } from '@sinclair/typebox';
import { LabelDetail } from '../devices';
import { DATA_SOURCE_KINDS } from '../dataSources';
import type { PermissionKey } from '../menus';
import { endpoint, KB } from './endpoint';
import { Code, Flag, Id, Int, List, Num, OneOf, OptStr, Page, PageQuery, ReqStr, SavedId, Str } from './schema';

/**
 * Settings of SPEC section 3: 报表设置 (REPORT: a .docx template of a report), 记录内容设置 (RECORD: which
 * fields a station's record shows and requires) and 标签设置 (LABEL: a label layout). One store and one set
 * of calls (/api/setting/*) for the three; each kind has its own content and its own permission keys.
 */
export const SETTING_KINDS = ['REPORT', 'RECORD', 'LABEL'] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];
export const SETTING_KIND_NAMES: Record<SettingKind, string> = { REPORT: '报表设置', RECORD: '记录内容设置', LABEL: '标签设置' };

/** The keys each kind's calls need: view (list, info), save (add, edit, enable), copy. Checked by the server per kind. */
export const SETTING_KEYS: Record<SettingKind, { view: PermissionKey; save: PermissionKey; copy: PermissionKey }> = {
  REPORT: { view: 'report:view', save: 'report:save', copy: 'report:save' },
  RECORD: { view: 'modeling:view', save: 'modeling:save', copy: 'modeling:save' },
  LABEL: { view: 'label:view', save: 'label:save', copy: 'label:copy' },
};

/** The reports a plant prints (SPEC section 3, print-report names map): settingKey of a REPORT. */
export const REPORT_KEYS = {
  QUALITY_CERTIFICATE: '质量证明书',
  GRAIN_FORMULA_PACKAGE_GP_PROCESS_RECORD: '产品合格证',
  ACCOMPANYING_LIST: '发货清单',
} as const;
export type ReportKey = keyof typeof REPORT_KEYS;

/** The records a RECORD setting shapes: settingKey of a RECORD (one setting each). */
export const RECORD_KEYS = { FILLING: '充装记录', INSPECTION: '检验记录', REWEIGH: '复秤记录' } as const;
export type RecordKey = keyof typeof RECORD_KEYS;

const DataSource = OneOf('数据源', DATA_SOURCE_KINDS);

/** LABEL: the layout of SPEC section 3's label print job without the printer, in millimetres. */
export const LabelContent = Type.Object({
  width: Num('宽度(mm)', { minimum: 5, maximum: 300 }),
  height: Num('高度(mm)', { minimum: 5, maximum: 1000 }),
  dpi: Int('分辨率(dpi)', { minimum: 100, maximum: 600 }),
  direction: OneOf('打印方向', [0, 1] as const),
  /** The printer language it is designed for (TSPL for TSC, ZPL for Zebra). */
  lang: OneOf('打印机语言', ['tspl', 'zpl'] as const),
  details: List('标签元素', LabelDetail, { maxItems: 200 }),
}, { title: '标签内容' });
export type LabelContent = Static<typeof LabelContent>;

/** REPORT: the uploaded .docx (POST /api/document/upSysFile answers its file id). */
export const ReportContent = Type.Object({
  fileId: Id('模板文件'),
  fileName: Str('文件名', { maxLength: 255 }),
  /** Answered by setting/info: the stored path the template downloads from (report:view); never read from a save. */
  path: Type.Optional(Str('文件路径', { maxLength: 512 })),
}, { title: '报表模板' });
export type ReportContent = Static<typeof ReportContent>;

/** RECORD: per field of the record, whether the station shows it and whether it must be filled. */
export const RecordField = Type.Object({
  key: Str('字段', { maxLength: 64, minLength: 1, pattern: '^[A-Za-z][A-Za-z0-9_.]*$' }),
  show: Flag('显示'),
  required: Flag('必填'),
}, { title: '记录字段' });
export const RecordContent = Type.Object({ fields: List('字段', RecordField, { maxItems: 100 }) }, { title: '记录内容' });
export type RecordContent = Static<typeof RecordContent>;

const common = {
  id: Type.Optional(Id()),
  name: ReqStr('名称', { maxLength: 64 }),
  /** REPORT: a REPORT_KEYS key or a plant's own code; RECORD: a RECORD_KEYS key; LABEL: a code of the plant's choosing. */
  settingKey: Code('用途编码', 64),
  dataSource: DataSource,
  enabled: Type.Optional(Flag('启用')),
  /** The one used when this settingKey is printed (saving one as default clears the others of its kind and key). */
  isDefault: Type.Optional(Flag('默认')),
  remark: OptStr('备注', { maxLength: 255 }),
};
/** The fields every kind of setting saves (what the label and report forms check before saving). */
export const SettingFields = Type.Object(common);

export const SettingSaveBody = Type.Union([
  Type.Object({ kind: Type.Literal('REPORT', { title: '类别' }), ...common, content: ReportContent }),
  Type.Object({ kind: Type.Literal('RECORD', { title: '类别' }), ...common, content: RecordContent }),
  Type.Object({ kind: Type.Literal('LABEL', { title: '类别' }), ...common, content: LabelContent }),
], { title: '设置' });
export type SettingSaveBody = Static<typeof SettingSaveBody>;

const Text = Type.Union([Type.String(), Type.Null()]);

export const SettingRow = Type.Object({
  id: Type.Integer(),
  kind: OneOf('类别', SETTING_KINDS),
  settingKey: Type.String(),
  name: Type.String(),
  dataSource: Type.String(),
  enabled: Type.Integer(),
  isDefault: Type.Integer(),
  /** Starts at 1; every save adds one (a printed document names the version it came from). */
  version: Type.Integer(),
  remark: Text,
  copiedFrom: Type.Union([Type.Integer(), Type.Null()]),
  updatedBy: Text,
  updatedAt: Type.String(),
});
export type SettingRow = Static<typeof SettingRow>;

export const SettingInfo = Type.Composite([SettingRow, Type.Object({ content: Type.Unknown() })]);
export type SettingInfo = Omit<SettingRow, 'kind'> & (
  | { kind: 'REPORT'; content: ReportContent }
  | { kind: 'RECORD'; content: RecordContent }
  | { kind: 'LABEL'; content: LabelContent }
);

const Kind = OneOf('类别', SETTING_KINDS);

export const SettingListBody = Type.Object({
  kind: Kind,
  settingKey: Type.Optional(Code('用途编码', 64)),
  enabled: Type.Optional(Flag('启用')),
});
export type SettingListBody = Static<typeof SettingListBody>;

export const SettingPageBody = PageQuery(['id', 'name', 'settingKey', 'updatedAt'] as const, {
  kind: Kind,
  settingKey: Type.Optional(Code('用途编码', 64)),
  enabled: Type.Optional(Flag('启用')),
  keyword: Type.Optional(Str('名称', { maxLength: 64 })),
});
export type SettingPageBody = Static<typeof SettingPageBody>;

export const SettingCopyBody = Type.Object({ id: Id(), name: Type.Optional(ReqStr('名称', { maxLength: 64 })) });
export type SettingCopyBody = Static<typeof SettingCopyBody>;

export const SettingInfoParams = Type.Object({ key: Kind, id: Id() });
export const RecordRulesParams = Type.Object({ key: OneOf('记录', Object.keys(RECORD_KEYS) as RecordKey[]) });

/**
 * SPEC section 7, Settings/reports/labels. The declared key is 'authenticated': the server then checks the
 * kind's key of SETTING_KEYS (REPORT report:*, RECORD modeling:*, LABEL label:*).
 */
export const SETTING = {
  list: endpoint({
    method: 'POST', path: '/api/setting/list', summary: '某类设置的全部（下拉用；按类别校验权限）', permission: 'authenticated', readOnly: true,
    body: SettingListBody, data: Type.Array(SettingRow),
  }),
  page: endpoint({
    method: 'POST', path: '/api/setting/listPage', summary: '设置分页（按类别校验权限）', permission: 'authenticated', readOnly: true,
    body: SettingPageBody, data: Page(SettingRow),
  }),
  save: endpoint({
    method: 'POST', path: '/api/setting/save', summary: '新增或保存设置（报表/记录内容/标签；按类别校验权限）', permission: 'authenticated',
    body: SettingSaveBody, data: SavedId,
    bodyLimit: { bytes: 2560 * KB, why: 'a label design: up to 200 elements of up to 4 096 characters each' },
  }),
  copy: endpoint({
    method: 'POST', path: '/api/setting/copy', summary: '复制设置（副本不是默认）', permission: 'authenticated', body: SettingCopyBody, data: SavedId,
  }),
  /** What a station needs of its record's 记录内容设置, for every signed-in user (the operator holds no modeling:view). */
  recordRules: endpoint({
    method: 'GET', path: '/api/setting/recordRules/:key', summary: '某种记录的记录内容设置（工位用；无设置时为 null）', permission: 'authenticated',
    params: RecordRulesParams, data: Type.Union([RecordContent, Type.Null()]), readOnly: true,
  }),
  info: endpoint({
    method: 'GET', path: '/api/setting/info/:key/:id', summary: '设置详情（key 为类别）', permission: 'authenticated',
    params: SettingInfoParams, data: SettingInfo,
  }),
};
