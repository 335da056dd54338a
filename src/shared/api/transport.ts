import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { Flag, Id, Int, OneOf, OptNum, OptStr, Page, PageQuery, ReqStr, SavedId, Str, DateStr } from './schema';

/**
 * The registers of hazardous-goods transport (issue 36): the plant's vehicles (危险货物运输车辆) and the people who drive
 * and escort them (驾驶员、押运员), with the permit and qualification expiry dates an outbound order's completion checks
 * and the regulator's platform asks for.
 */

const Text = Type.Union([Type.String(), Type.Null()]);

/**
 * 身份证号 (GB 11643): 18 characters, the last a check digit (0–9 or X). Stored encrypted, answered masked; the
 * server also checks the check digit (src/shared/idNumber.ts).
 */
export const ID_NUMBER_PATTERN = '^[1-9][0-9]{16}[0-9Xx]$';
export const IdNumber = (title = '身份证号') => OptStr(title, { maxLength: 18, pattern: `${ID_NUMBER_PATTERN}|^$` });

/* ---------------------------------------------------------------- vehicles */

export const VehicleSaveBody = Type.Object({
  id: Type.Optional(Id('车辆')),
  /** 车牌号, e.g. 渝A12345 or 渝AD12345 (new energy). */
  plate: ReqStr('车牌号', { maxLength: 16 }),
  /** 道路运输证号 */
  permitNo: ReqStr('道路运输证号', { maxLength: 32 }),
  permitExpiry: DateStr('道路运输证有效期至'),
  /** 核定载质量 (kg) */
  loadKg: OptNum('核定载质量（kg）', { minimum: 0, maximum: 100_000 }),
  /** 可装气瓶数 */
  cylinderCapacity: Type.Optional(Type.Union([Int('可装气瓶数', { minimum: 0, maximum: 10_000 }), Type.Null()])),
  /** 罐体容积 (m³), for a tank vehicle. */
  tankVolume: OptNum('罐体容积（m³）', { minimum: 0, maximum: 1000 }),
  status: Flag(),
  remark: OptStr('备注', { maxLength: 255 }),
}, { additionalProperties: false });
export type VehicleSaveBody = Static<typeof VehicleSaveBody>;

export const VehicleRow = Type.Object({
  id: Type.Integer(),
  plate: Type.String(),
  permitNo: Type.String(),
  permitExpiry: Type.String(),
  /** Days until the permit expires, plant time (negative: expired). */
  permitDaysLeft: Type.Integer(),
  loadKg: Type.Union([Type.Number(), Type.Null()]),
  cylinderCapacity: Type.Union([Type.Integer(), Type.Null()]),
  tankVolume: Type.Union([Type.Number(), Type.Null()]),
  status: Type.Integer(),
  remark: Text,
  createdAt: Type.String(),
});
export type VehicleRow = Static<typeof VehicleRow>;

export const VehiclePageQuery = PageQuery(['id', 'plate', 'permitExpiry'] as const, {
  plate: Type.Optional(Str('车牌号', { maxLength: 16 })),
  status: Type.Optional(Flag()),
  /** Only those whose permit has expired or expires within 30 days. */
  expiring: Type.Optional(Flag('即将到期')),
});
export type VehiclePageQuery = Static<typeof VehiclePageQuery>;

/* ---------------------------------------------------------------- drivers and escorts */

export const CREW_KINDS = [
  { code: 'driver', name: '驾驶员', en: 'Driver' },
  { code: 'escort', name: '押运员', en: 'Escort' },
] as const;
const CrewKind = OneOf('人员类别', ['driver', 'escort'] as const);

export const CrewSaveBody = Type.Object({
  id: Type.Optional(Id('人员')),
  name: ReqStr('姓名', { maxLength: 64 }),
  kind: CrewKind,
  /** Absent when editing: kept as it is; '' clears it. */
  idNo: IdNumber(),
  /** 从业资格证号 (道路危险货物运输驾驶员 / 押运员) */
  qualificationNo: ReqStr('从业资格证号', { maxLength: 32 }),
  qualificationExpiry: DateStr('从业资格证有效期至'),
  phone: OptStr('电话', { maxLength: 32, pattern: '^([0-9+\\-() ]{3,32})?$' }),
  status: Flag(),
  remark: OptStr('备注', { maxLength: 255 }),
  /** The person's sign-in for the field app (issue 37: a driver sees only their trips); absent: kept; null: none. One user per person. */
  userId: Type.Optional(Type.Union([Id('登录用户'), Type.Null()], { title: '登录用户' })),
}, { additionalProperties: false });
export type CrewSaveBody = Static<typeof CrewSaveBody>;

export const CrewRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.String(),
  /** 身份证号 masked (110***********123X); null when none. */
  idNoMasked: Text,
  qualificationNo: Type.String(),
  qualificationExpiry: Type.String(),
  qualificationDaysLeft: Type.Integer(),
  phone: Text,
  status: Type.Integer(),
  remark: Text,
  /** The linked sign-in (issue 37), its name. */
  userId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  userName: Type.Optional(Text),
  createdAt: Type.String(),
});
export type CrewRow = Static<typeof CrewRow>;

export const CrewPageQuery = PageQuery(['id', 'name', 'qualificationExpiry'] as const, {
  name: Type.Optional(Str('姓名', { maxLength: 64 })),
  kind: Type.Optional(Type.Union([CrewKind, Type.Literal('')], { title: '人员类别' })),
  status: Type.Optional(Flag()),
  expiring: Type.Optional(Flag('即将到期')),
});
export type CrewPageQuery = Static<typeof CrewPageQuery>;

/** A selector's entry: enabled ones only, with their expiry (the order form warns before completion refuses). */
export const TransportOption = Type.Object({ id: Type.Integer(), name: Type.String(), expiry: Type.String(), expired: Type.Boolean() });
export type TransportOption = Static<typeof TransportOption>;

export const CrewOptionsQuery = Type.Object({ kind: CrewKind });

/** Days before an expiry the registers and the order form warn (the list's 即将到期 filter). */
export const TRANSPORT_WARN_DAYS = 30;

/** 运输车辆 (/Setting/Vehicle) and 驾驶员与押运员 (/Setting/Crew). */
export const TRANSPORT = {
  vehiclePage: endpoint({
    method: 'POST', path: '/api/vehicle/listPage', summary: '运输车辆分页列表', permission: 'vehicle:view', readOnly: true,
    body: VehiclePageQuery, data: Page(VehicleRow),
  }),
  vehicleSave: endpoint({
    method: 'POST', path: '/api/vehicle/save', summary: '新增或编辑运输车辆', permission: 'vehicle:save', body: VehicleSaveBody, data: SavedId,
  }),
  vehicleOptions: endpoint({
    method: 'GET', path: '/api/vehicle/options', summary: '运输车辆下拉（启用的）', permission: 'authenticated',
    data: Type.Array(TransportOption),
  }),
  crewPage: endpoint({
    method: 'POST', path: '/api/crew/listPage', summary: '驾驶员与押运员分页列表', permission: 'crew:view', readOnly: true,
    body: CrewPageQuery, data: Page(CrewRow),
  }),
  crewSave: endpoint({
    method: 'POST', path: '/api/crew/save', summary: '新增或编辑驾驶员、押运员', permission: 'crew:save', body: CrewSaveBody, data: SavedId,
  }),
  crewOptions: endpoint({
    method: 'GET', path: '/api/crew/options', summary: '驾驶员或押运员下拉（启用的）', permission: 'authenticated',
    query: CrewOptionsQuery, data: Type.Array(TransportOption),
  }),
};
