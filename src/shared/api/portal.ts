import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { StatementDetail, StatementRow } from './rental';
import { DateStr, Flag, Id, IdParams, NoData, OneOf, OptStr, Page, PageQuery, ReqStr, SavedId, Str, Int } from './schema';

/**
 * The customer portal (issue 38, item 4): a customer's users (门户账号, users.kind 'portal', each linked to one
 * enterprise) sign in like anyone and see only their own enterprise's cylinders held now, statements and notes, the
 * quality certificates and delivery lists of their deliveries, and ask for their empties to be collected.
 *
 * Access: the routes of the account itself declare 'portal' (PERMISSIONS.PORTAL): a portal account holds it and no
 * other key, so every other route answers it 403 (the 'authenticated' ones too, but signing out and its own
 * password); no plant user holds 'portal'. Each portal route reads the enterprise from the account, never from what
 * the client sends: another enterprise's statement or order answers 403 as if it did not exist for the caller.
 * The plant invites and manages the accounts on 门户账号 (portal:*) and sees the pickup requests on 车次管理 (trip:*).
 */

const Text = Type.Union([Type.String(), Type.Null()]);

/* ---------------------------------------------------------------- invitation (public: the link is the credential) */

/** How long an invitation link stays valid. */
export const INVITATION_DAYS = 7;
/** Where the link opens the web app (the renderer's route), with ?token=… */
export const INVITATION_PATH = '/portal/invite';

const Token = Type.String({ title: '邀请码', minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' });

export const InvitationInfo = Type.Object({
  name: Type.String(),
  username: Type.String(),
  enterpriseName: Type.String(),
  expiresAt: Type.String(),
});
export type InvitationInfo = Static<typeof InvitationInfo>;

export const AcceptBody = Type.Object({
  token: Token,
  password: Str('密码', { minLength: 8, maxLength: 128 }),
}, { additionalProperties: false });
export type AcceptBody = Static<typeof AcceptBody>;

/* ---------------------------------------------------------------- the plant's side: 门户账号 */

export const PortalAccountRow = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  phone: Text,
  enterpriseId: Type.Integer(),
  enterpriseName: Type.String(),
  /** 1 启用, 0 停用. */
  status: Type.Integer(),
  /** The password was set through an invitation (the account can sign in). */
  activated: Type.Boolean(),
  /** The newest unused invitation's expiry, null when none is pending. */
  invitationExpiresAt: Text,
  createdAt: Type.String(),
});
export type PortalAccountRow = Static<typeof PortalAccountRow>;

export const AccountPageQuery = PageQuery(['id', 'name'] as const, {
  enterpriseId: Type.Optional(Id('客户')),
  name: OptStr('姓名', { maxLength: 64 }),
});
export type AccountPageQuery = Static<typeof AccountPageQuery>;

export const InviteBody = Type.Object({
  enterpriseId: Id('客户'),
  name: ReqStr('姓名', { maxLength: 64 }),
  /** The sign-in name is the phone, or the e-mail when no phone is given. */
  phone: OptStr('手机号', { maxLength: 20, pattern: '^(1\\d{10})?$' }),
  email: OptStr('邮箱', { maxLength: 64, pattern: '^([^@\\s\\u0000]+@[^@\\s\\u0000]+)?$' }),
}, { additionalProperties: false });
export type InviteBody = Static<typeof InviteBody>;

export const Invitation = Type.Object({
  /** The account. */
  id: Type.Integer(),
  username: Type.String(),
  /** The link to hand to the customer user (shown once: only its hash is kept). */
  link: Type.String(),
  expiresAt: Type.String(),
});
export type Invitation = Static<typeof Invitation>;

export const AccountStatusBody = Type.Object({ id: Id('门户账号'), status: Flag() }, { additionalProperties: false });

/* ---------------------------------------------------------------- the customer's side */

export const PortalMe = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  enterpriseId: Type.Integer(),
  enterpriseName: Type.String(),
});
export type PortalMe = Static<typeof PortalMe>;

export const HeldCylinder = Type.Object({
  code: Type.String(),
  gasName: Text,
  specification: Text,
  /** Since when the enterprise holds it (the hand-over, ISO). */
  since: Text,
  /** Calendar days held up to today, the first day counted (as a statement counts them). */
  daysHeld: Type.Integer(),
});
export type HeldCylinder = Static<typeof HeldCylinder>;

export const HeldQuery = PageQuery(['since'] as const, {});

export const PortalStatementQuery = PageQuery(['id', 'month'] as const, {
  month: Type.Optional(Type.String({ title: '月份', pattern: '^(19|20|21)\\d{2}-(0[1-9]|1[0-2])$', maxLength: 7 })),
});
export type PortalStatementQuery = Static<typeof PortalStatementQuery>;

export const Delivery = Type.Object({
  /** The outbound order. */
  id: Type.Integer(),
  orderNo: Type.String(),
  completedAt: Text,
  cylinders: Type.Integer(),
  signedAt: Text,
});
export type Delivery = Static<typeof Delivery>;

export const DeliveryQuery = PageQuery(['completedAt'] as const, {});

/** The documents of a delivery a customer may print: 质量证明书 and 发货清单 (REPORT_KEYS). */
export const PORTAL_DOCUMENTS = ['QUALITY_CERTIFICATE', 'ACCOMPANYING_LIST'] as const;
export const DocumentBody = Type.Object({
  orderId: Id('出库单'),
  reportKey: OneOf('单据', PORTAL_DOCUMENTS),
}, { additionalProperties: false });
export type DocumentBody = Static<typeof DocumentBody>;

export const PICKUP_STATUS = ['open', 'planned', 'done', 'cancelled'] as const;
export type PickupStatus = (typeof PICKUP_STATUS)[number];
export const PICKUP_STATUS_NAMES: Record<PickupStatus, { zh: string; en: string }> = {
  open: { zh: '待安排', en: 'Open' },
  planned: { zh: '已安排', en: 'Planned' },
  done: { zh: '已回收', en: 'Collected' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
};

export const PickupBody = Type.Object({
  cylinders: Int('空瓶数量', { minimum: 1, maximum: 100_000 }),
  wantedDate: DateStr('希望回收日期'),
  note: OptStr('备注', { maxLength: 255 }),
}, { additionalProperties: false });
export type PickupBody = Static<typeof PickupBody>;

export const PickupRow = Type.Object({
  id: Type.Integer(),
  enterpriseId: Type.Integer(),
  enterpriseName: Type.String(),
  cylinders: Type.Integer(),
  wantedDate: Type.String(),
  note: Text,
  status: OneOf('状态', PICKUP_STATUS),
  requestedBy: Text,
  createdAt: Type.String(),
  handledAt: Text,
  handledBy: Text,
});
export type PickupRow = Static<typeof PickupRow>;

export const PickupQuery = PageQuery(['id', 'wantedDate'] as const, {
  status: Type.Optional(OneOf('状态', PICKUP_STATUS)),
});
export type PickupQuery = Static<typeof PickupQuery>;

export const PickupHandleBody = Type.Object({
  id: Id('回收申请'),
  status: OneOf('状态', ['planned', 'done', 'cancelled'] as const),
}, { additionalProperties: false });

export const PORTAL = {
  // The invitation link (public: the one-time token is the credential).
  invitationCheck: endpoint({
    method: 'POST', path: '/api/portal/invitation/check', summary: '查看门户邀请（邀请链接）', permission: 'public', readOnly: true,
    body: Type.Object({ token: Token }, { additionalProperties: false }), data: InvitationInfo,
  }),
  invitationAccept: endpoint({
    method: 'POST', path: '/api/portal/invitation/accept', summary: '接受门户邀请并设置密码', permission: 'public',
    body: AcceptBody, data: Type.Object({ username: Type.String() }),
  }),

  // 门户账号 (the plant).
  accountPage: endpoint({
    method: 'POST', path: '/api/portal/account/listPage', summary: '门户账号分页列表', permission: 'portal:view', readOnly: true,
    body: AccountPageQuery, data: Page(PortalAccountRow),
  }),
  accountInvite: endpoint({
    method: 'POST', path: '/api/portal/account/invite', summary: '邀请客户用户（新建门户账号，返回邀请链接）', permission: 'portal:invite',
    body: InviteBody, data: Invitation,
  }),
  accountReinvite: endpoint({
    method: 'POST', path: '/api/portal/account/reinvite', summary: '重新生成邀请链接（旧链接作废）', permission: 'portal:invite',
    body: Type.Object({ id: Id('门户账号') }, { additionalProperties: false }), data: Invitation,
  }),
  accountStatus: endpoint({
    method: 'POST', path: '/api/portal/account/status', summary: '启用/停用门户账号（停用即退出其全部登录）', permission: 'portal:status',
    body: AccountStatusBody, data: NoData,
  }),

  // Pickup requests as the plant plans them (车次管理).
  pickupPlantPage: endpoint({
    method: 'POST', path: '/api/portal/pickup/plantList', summary: '客户回收空瓶申请（车次计划）', permission: 'trip:view', readOnly: true,
    body: PickupQuery, data: Page(PickupRow),
  }),
  pickupHandle: endpoint({
    method: 'POST', path: '/api/portal/pickup/handle', summary: '处理回收空瓶申请（已安排/已回收/取消）', permission: 'trip:save',
    body: PickupHandleBody, data: NoData,
  }),

  // The customer's own (a portal account).
  me: endpoint({ method: 'GET', path: '/api/portal/me', summary: '门户：当前账号与所属客户', permission: 'portal', data: PortalMe }),
  held: endpoint({
    method: 'POST', path: '/api/portal/cylinder/listPage', summary: '门户：在用气瓶（持有天数）', permission: 'portal', readOnly: true,
    body: HeldQuery, data: Page(HeldCylinder),
  }),
  statementPage: endpoint({
    method: 'POST', path: '/api/portal/statement/listPage', summary: '门户：本客户的对账单', permission: 'portal', readOnly: true,
    body: PortalStatementQuery, data: Page(StatementRow),
  }),
  statementInfo: endpoint({
    method: 'GET', path: '/api/portal/statement/info/:id', summary: '门户：对账单详情（含调整单）', permission: 'portal', params: IdParams, data: StatementDetail,
  }),
  statementPdf: endpoint({
    method: 'GET', path: '/api/portal/statement/pdf/:id', summary: '门户：对账单 PDF', permission: 'portal', kind: 'download', params: IdParams,
  }),
  deliveryPage: endpoint({
    method: 'POST', path: '/api/portal/delivery/listPage', summary: '门户：本客户的发货（已完成的出库单）', permission: 'portal', readOnly: true,
    body: DeliveryQuery, data: Page(Delivery),
  }),
  deliveryDocument: endpoint({
    method: 'POST', path: '/api/portal/delivery/document', summary: '门户：发货的质量证明书或发货清单（PDF）', permission: 'portal', readOnly: true,
    kind: 'download', body: DocumentBody,
  }),
  pickupSave: endpoint({
    method: 'POST', path: '/api/portal/pickup/save', summary: '门户：申请回收空瓶', permission: 'portal', body: PickupBody, data: SavedId,
  }),
  pickupPage: endpoint({
    method: 'POST', path: '/api/portal/pickup/listPage', summary: '门户：本客户的回收申请', permission: 'portal', readOnly: true,
    body: PickupQuery, data: Page(PickupRow),
  }),
};
