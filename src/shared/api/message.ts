import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { Flag, Id, IdParams, List, NoData, OneOf, Page, PageQuery, ReqStr, SavedId, Str } from './schema';

/**
 * The kinds of message (one template each): the alerts the server raises by itself, and `recall` sent by
 * people. `item`: placeholders of one message naming one subject (its content); `digest`: placeholders of
 * the title, and of the digest sent instead of many single messages (see modules/message/alerts).
 */
export const MESSAGE_KINDS = {
  inspectionDue: { name: '定期检验即将到期', item: ['code', 'gas', 'customer', 'date', 'days'], digest: ['count', 'days'] },
  inspectionOverdue: { name: '定期检验已超期', item: ['code', 'gas', 'customer', 'date'], digest: ['count'] },
  designLifeEnding: { name: '设计使用年限即将届满', item: ['code', 'gas', 'customer', 'date', 'days'], digest: ['count', 'days'] },
  analysisWaiting: { name: '待分析超过一天', item: ['code', 'gas', 'since'], digest: ['count'] },
  longOut: { name: '长期在外', item: ['code', 'gas', 'customer', 'since', 'days'], digest: ['count', 'days'] },
  outboundUnscanned: { name: '出库单超过一天未扫描', item: ['orderNo', 'customer', 'since'], digest: ['count'] },
  licenceExpiring: { name: '充装许可证即将到期', item: ['licenceNo', 'date', 'days'], digest: ['count', 'days'] },
  recall: { name: '召回通知', item: ['code', 'gas', 'customer', 'reason'], digest: ['count', 'reason'] },
} as const satisfies Record<string, { name: string; item: readonly string[]; digest: readonly string[] }>;
export type MessageKind = keyof typeof MESSAGE_KINDS;
export const MESSAGE_KIND_CODES = Object.keys(MESSAGE_KINDS) as MessageKind[];

/** What each placeholder stands for (the template screen's hints). */
export const PLACEHOLDER_LABELS: Record<string, { zh: string; en: string }> = {
  code: { zh: '气瓶编码', en: 'cylinder code' },
  gas: { zh: '介质', en: 'gas' },
  customer: { zh: '客户', en: 'customer' },
  date: { zh: '到期日期', en: 'due date' },
  days: { zh: '天数', en: 'days' },
  since: { zh: '起始时间', en: 'since' },
  orderNo: { zh: '出库单号', en: 'order number' },
  licenceNo: { zh: '许可证编号', en: 'licence number' },
  count: { zh: '数量', en: 'count' },
  reason: { zh: '原因', en: 'reason' },
};

export const MessageRow = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  title: Type.String(),
  content: Type.String(),
  /** A renderer route with its query (the cylinder, the order, the filtered list), or null. */
  link: Type.Union([Type.String(), Type.Null()]),
  /** SPEC section 4: 1 read, 0 unread. */
  readFlag: Type.Integer(),
  createdAt: Type.String(),
});
export type MessageRow = Static<typeof MessageRow>;

/** SPEC section 3, "Message state": unread count and the latest five unread. */
export const UserMessages = Type.Object({
  messageNum: Type.Integer(),
  messageList: Type.Array(MessageRow),
  initiateList: Type.Array(Type.Unknown()),
  handleList: Type.Array(Type.Unknown()),
});
export type UserMessages = Static<typeof UserMessages>;

const Kind = OneOf('消息类型', MESSAGE_KIND_CODES);

export const MessagePageQuery = PageQuery(['id'] as const, {
  readFlag: Type.Optional(Type.Union([Flag('已读'), Type.Null()], { title: '已读' })),
  kind: Type.Optional(Type.Union([Kind, Type.Literal(''), Type.Null()], { title: '消息类型' })),
  keyword: Type.Optional(Str('关键字', { maxLength: 64 })),
});
export type MessagePageQuery = Static<typeof MessagePageQuery>;

export const TemplateRow = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  title: Type.String(),
  content: Type.String(),
  digest: Type.String(),
  enabled: Type.Integer(),
  roleIds: Type.Array(Type.Integer()),
  roleNames: Type.Array(Type.String()),
  updatedAt: Type.String(),
});
export type TemplateRow = Static<typeof TemplateRow>;

export const TemplatePageQuery = PageQuery(['id'] as const, {
  keyword: Type.Optional(Str('关键字', { maxLength: 64 })),
});
export type TemplatePageQuery = Static<typeof TemplatePageQuery>;

/** POST /api/message/template/add: creates (a kind without a template) or, with id, updates one. */
export const TemplateSaveBody = Type.Object({
  id: Type.Optional(Id()),
  code: Kind,
  title: ReqStr('标题', { maxLength: 128 }),
  content: ReqStr('内容', { maxLength: 1000 }),
  digest: ReqStr('汇总内容', { maxLength: 1000 }),
  enabled: Flag('启用'),
  roleIds: List('接收角色', Id('角色'), { maxItems: 100 }),
});
export type TemplateSaveBody = Static<typeof TemplateSaveBody>;

/** Messages, SPEC section 7; screens /main/message and /Setting/Message. A user sees only their own messages. */
export const MESSAGE = {
  user: endpoint({
    method: 'GET', path: '/api/message/getUserMessage/0', summary: '当前用户的未读消息', permission: 'message:view', data: UserMessages,
    // The bell's poll (every 10 s), not an operation.
    background: true,
  }),
  select: endpoint({
    method: 'GET', path: '/api/message/select/:id', summary: '一条消息（只限自己的，不标记已读）', permission: 'message:view',
    params: IdParams, data: MessageRow,
  }),
  readOne: endpoint({
    method: 'POST', path: '/api/message/readOne/:id', summary: '标记一条消息已读', permission: 'message:view', params: IdParams, data: NoData,
  }),
  page: endpoint({
    method: 'POST', path: '/api/message/listPage', summary: '我的消息分页（最新在前）', permission: 'message:view', readOnly: true,
    body: MessagePageQuery, data: Page(MessageRow),
  }),
  readAll: endpoint({
    method: 'POST', path: '/api/message/readAll', summary: '全部标记已读', permission: 'message:readAll', data: Type.Object({ count: Type.Integer() }),
  }),
  emptyAll: endpoint({
    method: 'POST', path: '/api/message/emptyAll', summary: '清空已读消息（未读的保留）', permission: 'message:emptyAll', data: Type.Object({ count: Type.Integer() }),
  }),
  templatePage: endpoint({
    method: 'POST', path: '/api/message/template/listPage', summary: '消息模板分页', permission: 'messageTemplate:view', readOnly: true,
    body: TemplatePageQuery, data: Page(TemplateRow),
  }),
  templateSave: endpoint({
    method: 'POST', path: '/api/message/template/add', summary: '新增或保存消息模板（带 id 为保存）', permission: 'messageTemplate:save',
    body: TemplateSaveBody, data: SavedId,
  }),
};
