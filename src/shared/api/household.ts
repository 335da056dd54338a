import { Type, type Static } from '@sinclair/typebox';
import { endpoint, KB } from './endpoint';
import { ScanId } from './production';
import { Code, Flag, Id, IdParams, Int, List, OneOf, OptStr, Page, PageQuery, ReqStr, SavedId, Str } from './schema';
import { IdNumber } from './transport';
import { PHOTO_MAX_CHARS, SIGNATURE_MAX_CHARS } from './trip';

/**
 * 瓶装液化气实名制 (issue 37 item 6): the households and restaurants a plant's distributors deliver LPG to, registered
 * with real name, ID number (stored encrypted, answered masked; the full number only through 查看身份证号, which is
 * recorded), phone and address; the home safety check (入户安检) against a configurable checklist with photos and the
 * user's signature; the hazards it found (open until rectified); and the delivery of a cylinder to the user.
 * Every list answers name, phone and ID number masked, for everyone.
 */

const Text = Type.Union([Type.String(), Type.Null()]);

export const HOUSEHOLD_KINDS = [
  { code: 'resident', zh: '居民', en: 'Resident' },
  { code: 'restaurant', zh: '餐饮', en: 'Restaurant' },
  { code: 'other', zh: '其他', en: 'Other' },
] as const;
export type HouseholdKind = (typeof HOUSEHOLD_KINDS)[number]['code'];
const Kind = OneOf('用户类型', ['resident', 'restaurant', 'other'] as const);

/** 重大隐患 refuses delivery (系统规则 householdRefuseMajorHazard); 一般隐患 is recorded and rectified. */
export const HAZARD_LEVELS = [
  { code: 'major', zh: '重大隐患', en: 'Major hazard' },
  { code: 'minor', zh: '一般隐患', en: 'Minor hazard' },
] as const;
export type HazardLevel = (typeof HAZARD_LEVELS)[number]['code'];
const Level = OneOf('隐患等级', ['major', 'minor'] as const);

/** A phone number as people type it. */
export const PHONE_PATTERN = '^[0-9+\\-() ]{3,32}$';

/** A JPEG photo from the device's camera, compressed there to at most 200 KB (the trip's proof photo bound). */
const JPEG_URL = '^data:image/jpeg;base64,[A-Za-z0-9+/]+={0,2}$';
/** The user's signature (signature_pad, PNG). */
const PNG_URL = '^data:image/png;base64,[A-Za-z0-9+/]+={0,2}$';
export const Photo = (title = '照片') => Type.String({ title, maxLength: PHOTO_MAX_CHARS, pattern: JPEG_URL });
export const Signature = Type.String({ title: '用户签名', maxLength: SIGNATURE_MAX_CHARS, pattern: PNG_URL });
/** Photos of one safety check. */
export const CHECK_MAX_PHOTOS = 3;

/* ---------------------------------------------------------------- users */

export const HouseholdSaveBody = Type.Object({
  id: Type.Optional(Id('用户')),
  kind: Kind,
  name: ReqStr('姓名', { maxLength: 64 }),
  /** Absent when editing: kept as it is; '' clears it. */
  idNo: IdNumber(),
  phone: ReqStr('电话', { maxLength: 32, pattern: PHONE_PATTERN }),
  address: ReqStr('地址', { maxLength: 255 }),
  /** 服务站: the distributor (a customer of the plant) that serves the user; its cylinders are the ones delivered. */
  customerId: Id('服务站'),
  status: Flag(),
  remark: OptStr('备注', { maxLength: 255 }),
}, { additionalProperties: false });
export type HouseholdSaveBody = Static<typeof HouseholdSaveBody>;

/** A user as every list answers it: name, phone and ID number masked. */
export const HouseholdRow = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  /** 张** */
  nameMasked: Type.String(),
  /** 138****1234 */
  phoneMasked: Type.String(),
  /** 110***********123X; null when none. */
  idNoMasked: Text,
  address: Type.String(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  status: Type.Integer(),
  /** Open hazards, and how many of them are major. */
  openHazards: Type.Integer(),
  openMajor: Type.Integer(),
  /** The last safety check (yyyy-MM-dd HH:mm:ss); null: never checked. */
  lastCheckAt: Text,
  remark: Text,
  createdAt: Type.String(),
});
export type HouseholdRow = Static<typeof HouseholdRow>;

export const HouseholdPageQuery = PageQuery(['id'] as const, {
  /** The beginning of the name. */
  name: Type.Optional(Str('姓名', { maxLength: 64 })),
  /** The beginning of the phone number. */
  phone: Type.Optional(Str('电话', { maxLength: 32 })),
  customerId: Type.Optional(Type.Union([Id('服务站'), Type.Literal('')], { title: '服务站' })),
  kind: Type.Optional(Type.Union([Kind, Type.Literal('')], { title: '用户类型' })),
  status: Type.Optional(Flag()),
  /** Only users with an open hazard. */
  hazard: Type.Optional(Flag('有未整改隐患')),
});
export type HouseholdPageQuery = Static<typeof HouseholdPageQuery>;

/** What the edit form needs (household:save): name, phone and address in full; the ID number still masked. */
export const HouseholdInfo = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  idNoMasked: Text,
  customerId: Type.Integer(),
  status: Type.Integer(),
  remark: Text,
});
export type HouseholdInfo = Static<typeof HouseholdInfo>;

export const RevealResult = Type.Object({ idNo: Text });
export type RevealResult = Static<typeof RevealResult>;

/** One 查看身份证号: who looked at whose number, when, from where. */
export const RevealRow = Type.Object({
  id: Type.Integer(),
  householdId: Type.Integer(),
  nameMasked: Type.String(),
  revealedBy: Type.String(),
  revealedAt: Type.String(),
  ip: Text,
});
export type RevealRow = Static<typeof RevealRow>;

export const RevealPageQuery = PageQuery(['id'] as const, { householdId: Type.Optional(Id('用户')) });
export type RevealPageQuery = Static<typeof RevealPageQuery>;

/* ---------------------------------------------------------------- the checklist */

export const CheckItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nameEn: Text,
  /** The level a hazard of this item has unless the checker says otherwise. */
  level: Type.String(),
  sort: Type.Integer(),
  status: Type.Integer(),
});
export type CheckItem = Static<typeof CheckItem>;

export const CheckItemSaveBody = Type.Object({
  id: Type.Optional(Id('检查项')),
  name: ReqStr('检查项', { maxLength: 64 }),
  nameEn: OptStr('英文名称', { maxLength: 64 }),
  level: Level,
  sort: Int('排序', { minimum: 0, maximum: 999 }),
  status: Flag(),
}, { additionalProperties: false });
export type CheckItemSaveBody = Static<typeof CheckItemSaveBody>;

/* ---------------------------------------------------------------- safety checks */

export const CheckResultInput = Type.Object({
  itemId: Id('检查项'),
  ok: Type.Boolean({ title: '是否合格' }),
  /** A hazard's level when it differs from the item's. */
  level: Type.Optional(Level),
  note: OptStr('隐患说明', { maxLength: 255 }),
}, { additionalProperties: false });

/**
 * 入户安检: every enabled item of the checklist judged (合格, or a hazard with its level), up to 3 photos, the user's
 * signature. Taken once per checkId (the device's; a retry answers the same check). Each hazard is opened.
 */
export const CheckSaveBody = Type.Object({
  householdId: Id('用户'),
  checkId: Type.String({ title: '安检编号', maxLength: 36, pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' }),
  results: List('检查结果', CheckResultInput, { maxItems: 50, minItems: 1 }),
  photos: List('照片', Photo(), { maxItems: CHECK_MAX_PHOTOS }),
  signature: Signature,
  remark: OptStr('备注', { maxLength: 255 }),
}, { additionalProperties: false });
export type CheckSaveBody = Static<typeof CheckSaveBody>;

export const CheckSaveResult = Type.Object({
  id: Type.Integer(),
  hazards: Type.Integer(),
  major: Type.Integer(),
  repeated: Type.Boolean(),
});
export type CheckSaveResult = Static<typeof CheckSaveResult>;

export const CheckRow = Type.Object({
  id: Type.Integer(),
  householdId: Type.Integer(),
  nameMasked: Type.String(),
  checkedAt: Type.String(),
  checkedBy: Type.String(),
  hazards: Type.Integer(),
  major: Type.Integer(),
  photos: Type.Integer(),
  remark: Text,
  results: Type.Array(Type.Object({ itemName: Type.String(), ok: Type.Boolean(), level: Text, note: Text })),
});
export type CheckRow = Static<typeof CheckRow>;

export const CheckPageQuery = PageQuery(['id'] as const, { householdId: Type.Optional(Id('用户')) });
export type CheckPageQuery = Static<typeof CheckPageQuery>;

/* ---------------------------------------------------------------- hazards */

/** 0 open (待整改), 1 rectified (已整改). */
export const HAZARD_STATUS = { open: 0, rectified: 1 } as const;

export const HazardRow = Type.Object({
  id: Type.Integer(),
  householdId: Type.Integer(),
  nameMasked: Type.String(),
  address: Type.String(),
  checkId: Type.Integer(),
  itemName: Type.String(),
  level: Type.String(),
  note: Text,
  foundAt: Type.String(),
  status: Type.Integer(),
  rectifiedAt: Text,
  rectifiedBy: Text,
  rectifyNote: Text,
  hasPhoto: Type.Boolean(),
});
export type HazardRow = Static<typeof HazardRow>;

export const HazardPageQuery = PageQuery(['id'] as const, {
  householdId: Type.Optional(Id('用户')),
  status: Type.Optional(Type.Union([OneOf('整改状态', [0, 1] as const), Type.Literal('')], { title: '整改状态' })),
  level: Type.Optional(Type.Union([Level, Type.Literal('')], { title: '隐患等级' })),
});
export type HazardPageQuery = Static<typeof HazardPageQuery>;

/** 整改: the hazard closed with what was done, and a photo of it. */
export const RectifyBody = Type.Object({
  id: Id('隐患'),
  note: ReqStr('整改说明', { maxLength: 255 }),
  photo: Type.Optional(Type.Union([Photo('整改照片'), Type.Null()], { title: '整改照片' })),
}, { additionalProperties: false });
export type RectifyBody = Static<typeof RectifyBody>;

/* ---------------------------------------------------------------- deliveries */

/**
 * 配送到户: a cylinder held by the user's serving station (at that customer, not on a vehicle) handed to the user.
 * Refused while the user has an open major hazard (系统规则, default on), has never had a safety check, or the last
 * is older than the days the rules allow (default 365), all as of the delivery's time (shared/household/delivery.ts;
 * a delivery kept offline by the field app is judged at its X-Station-At, and a refusal on replay is recorded as a
 * 待处理异常). Taken once per scanId.
 */
export const DeliverBody = Type.Object({
  householdId: Id('用户'),
  code: Code('气瓶编码', 64),
  scanId: ScanId,
}, { additionalProperties: false });
export type DeliverBody = Static<typeof DeliverBody>;

export const DeliverResult = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  deliveredAt: Type.String(),
  /** Always false: the same scanId sent again is answered with the first answer (as the stations' scans are). */
  repeated: Type.Boolean(),
  message: Type.String(),
});
export type DeliverResult = Static<typeof DeliverResult>;

export const DeliveryRow = Type.Object({
  id: Type.Integer(),
  householdId: Type.Integer(),
  nameMasked: Type.String(),
  code: Type.String(),
  customerName: Type.String(),
  deliveredAt: Type.String(),
  deliveredBy: Type.String(),
});
export type DeliveryRow = Static<typeof DeliveryRow>;

export const DeliveryPageQuery = PageQuery(['id'] as const, {
  householdId: Type.Optional(Id('用户')),
  code: Type.Optional(Str('气瓶编码', { maxLength: 64 })),
});
export type DeliveryPageQuery = Static<typeof DeliveryPageQuery>;

/* ---------------------------------------------------------------- the field copy (offline deliveries) */

/** A serving station (服务站) with its enabled users: what a field device may keep a copy of. */
export const HouseholdStation = Type.Object({ customerId: Type.Integer(), customerName: Type.String(), users: Type.Integer() });
export type HouseholdStation = Static<typeof HouseholdStation>;

/** The serving stations a list offers at most (a plant's distributors: tens, not thousands). */
export const HOUSEHOLD_STATIONS_MAX = 500;
/** Users of one serving station a device keeps at most (a page of HOUSEHOLD.copy holds up to 500). */
export const HOUSEHOLD_COPY_MAX = 5000;

/**
 * A user as a field device keeps them to deliver offline: masked as on screen, with what the delivery rule reads
 * (shared/household/delivery.ts) — never the ID number, masked or not.
 */
export const HouseholdCopyRow = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  nameMasked: Type.String(),
  phoneMasked: Type.String(),
  address: Type.String(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  status: Type.Integer(),
  openMajor: Type.Integer(),
  /** The checklist items of the open major hazards. */
  majorItems: Type.Array(Type.String()),
  /** The last safety check (yyyy-MM-dd HH:mm:ss); null: never checked. */
  lastCheckAt: Text,
});
export type HouseholdCopyRow = Static<typeof HouseholdCopyRow>;

export const HouseholdCopyQuery = Type.Object({
  customerId: Id('服务站'),
  /** Users after this id (the page before's last), in id order; 0 or none: from the first. */
  after: Type.Optional(Int('起始位置', { minimum: 0, maximum: 2147483647 })),
  size: Type.Optional(Int('每页条数', { minimum: 1, maximum: 500 })),
}, { additionalProperties: false });
export type HouseholdCopyQuery = Static<typeof HouseholdCopyQuery>;

export const HouseholdCopyPage = Type.Object({
  list: Type.Array(HouseholdCopyRow),
  more: Type.Boolean(),
  /** The delivery rules in force (系统规则), judged on the device offline. */
  rules: Type.Object({ householdRefuseMajorHazard: Type.Boolean(), householdCheckMaxDays: Type.Integer() }),
});
export type HouseholdCopyPage = Static<typeof HouseholdCopyPage>;

const ImageParams = Type.Object({
  id: Id(),
  kind: OneOf('图片', ['signature', 'photo1', 'photo2', 'photo3', 'rectify'] as const),
});

const photosWhy = 'a signature (PNG, ≤ 120,000 characters) and 3 photos (JPEG ≤ 200 KB each as base64, ≤ 280,000 characters)';

/** 液化气用户 (/storage/household) for the office; /field/household for the people at the door. */
export const HOUSEHOLD = {
  page: endpoint({
    method: 'POST', path: '/api/household/listPage', summary: '液化气用户分页列表（姓名、电话、身份证号脱敏）', permission: 'household:view', readOnly: true,
    body: HouseholdPageQuery, data: Page(HouseholdRow),
  }),
  brief: endpoint({
    method: 'GET', path: '/api/household/brief/:id', summary: '液化气用户（脱敏）', permission: 'household:view', params: IdParams, data: HouseholdRow,
  }),
  info: endpoint({
    method: 'GET', path: '/api/household/info/:id', summary: '液化气用户（编辑用：身份证号仍脱敏）', permission: 'household:save', params: IdParams, data: HouseholdInfo,
  }),
  save: endpoint({ method: 'POST', path: '/api/household/save', summary: '新增或编辑液化气用户', permission: 'household:save', body: HouseholdSaveBody, data: SavedId }),
  reveal: endpoint({
    method: 'POST', path: '/api/household/reveal', summary: '查看完整身份证号（记录查看人）', permission: 'household:reveal',
    body: Type.Object({ id: Id('用户') }, { additionalProperties: false }), data: RevealResult,
  }),
  reveals: endpoint({
    method: 'POST', path: '/api/household/reveals', summary: '身份证号查看记录', permission: 'household:reveal', readOnly: true,
    body: RevealPageQuery, data: Page(RevealRow),
  }),
  items: endpoint({ method: 'GET', path: '/api/household/checkItems', summary: '入户安检检查项', permission: 'household:view', data: Type.Array(CheckItem) }),
  itemSave: endpoint({
    method: 'POST', path: '/api/household/checkItem/save', summary: '新增或编辑入户安检检查项', permission: 'household:save', body: CheckItemSaveBody, data: SavedId,
  }),
  check: endpoint({
    method: 'POST', path: '/api/household/check', summary: '入户安检：检查结果、照片、用户签名', permission: 'household:check',
    body: CheckSaveBody, data: CheckSaveResult, bodyLimit: { bytes: 1000 * KB, why: photosWhy },
  }),
  checks: endpoint({
    method: 'POST', path: '/api/household/checks', summary: '入户安检记录', permission: 'household:view', readOnly: true, body: CheckPageQuery, data: Page(CheckRow),
  }),
  hazards: endpoint({
    method: 'POST', path: '/api/household/hazards', summary: '安全隐患', permission: 'household:view', readOnly: true, body: HazardPageQuery, data: Page(HazardRow),
  }),
  rectify: endpoint({
    method: 'POST', path: '/api/household/rectify', summary: '隐患整改', permission: 'household:check', body: RectifyBody, data: Type.Null(),
    bodyLimit: { bytes: 320 * KB, why: 'a photo (JPEG ≤ 200 KB as base64, ≤ 280,000 characters)' },
  }),
  deliver: endpoint({ method: 'POST', path: '/api/household/deliver', summary: '配送到户', permission: 'household:deliver', body: DeliverBody, data: DeliverResult }),
  stations: endpoint({
    method: 'GET', path: '/api/household/stations', summary: '服务站（有液化气用户的客户）', permission: 'household:deliver', data: Type.Array(HouseholdStation),
  }),
  copy: endpoint({
    method: 'POST', path: '/api/household/fieldCopy', summary: '服务站的液化气用户（脱敏，供离线配送）', permission: 'household:deliver', readOnly: true,
    body: HouseholdCopyQuery, data: HouseholdCopyPage,
  }),
  deliveries: endpoint({
    method: 'POST', path: '/api/household/deliveries', summary: '配送记录', permission: 'household:view', readOnly: true, body: DeliveryPageQuery, data: Page(DeliveryRow),
  }),
  /** A check's signature or photo (photo1..3), or a hazard's rectification photo (`id` the hazard's). */
  image: endpoint({
    method: 'GET', path: '/api/household/image/:id/:kind', summary: '安检签名、照片或整改照片', permission: 'household:view', kind: 'download', params: ImageParams,
  }),
};
