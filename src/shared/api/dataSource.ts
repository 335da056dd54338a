import { Type, type Static } from '@sinclair/typebox';
import { DATA_SOURCE_KINDS } from '../dataSources';
import { endpoint, KB } from './endpoint';
import { Id, List, OneOf, ReqStr } from './schema';

const FieldCore = {
  contentKey: Type.String(),
  contentName: Type.String(),
  /** text, number, date, datetime, image, boolean or list. */
  type: Type.String(),
};
/**
 * A field of a data source (src/shared/dataSources.ts); a list's item fields in `fields` (one level: a list
 * item holds no list).
 */
export const DataFieldSchema = Type.Object({
  ...FieldCore,
  fields: Type.Optional(Type.Array(Type.Object(FieldCore))),
  /** A field of the plant's own (saveDataSource) has its id; the built-in ones have none. */
  id: Type.Optional(Type.Integer()),
});

export const DataSourceContent = Type.Object({
  kind: Type.String(),
  name: Type.String(),
  subject: Type.String(),
  fields: Type.Array(DataFieldSchema),
});
export type DataSourceContent = Static<typeof DataSourceContent>;

const Source = OneOf('数据源', DATA_SOURCE_KINDS);
export const ContentBody = Type.Object({ dataSource: Source });
export type ContentBody = Static<typeof ContentBody>;

/** The types a plant's own field may have (a list is built in only). */
export const OWN_FIELD_TYPES = ['text', 'number', 'date', 'datetime', 'image'] as const;

/** POST /api/dataSource/saveDataSource: a field of the plant's own added to a data source. */
export const SaveDataFieldBody = Type.Object({
  dataSource: Source,
  contentName: ReqStr('字段名称', { maxLength: 64 }),
  contentKey: Type.String({ title: '字段编码', minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_.]*$' }),
  type: OneOf('类型', OWN_FIELD_TYPES),
}, { title: '数据源字段' });
export type SaveDataFieldBody = Static<typeof SaveDataFieldBody>;


/** One of the plant's own fields in selectListPage. */
export const OwnFieldRow = Type.Object({
  id: Type.Integer(), dataSource: Type.String(), contentKey: Type.String(), contentName: Type.String(), type: Type.String(),
  createdBy: Type.Union([Type.String(), Type.Null()]), createdAt: Type.String(),
});
export type OwnFieldRow = Static<typeof OwnFieldRow>;
/** DeleteDataField: POST /api/dataSource/delType without `kind` removes a field of the plant's own. */
export const DeleteDataFieldBody = Type.Object({ id: Id(), kind: Type.Optional(Type.Literal('field', { title: '类别' })) }, { additionalProperties: false });
export type DeleteDataFieldBody = Static<typeof DeleteDataFieldBody>;

/** POST /api/dataSource/contentConfig/saveContent: the whole list of a data source's own fields (记录建模), replacing the old list. */
export const SaveContentBody = Type.Object({
  dataSource: Source,
  fields: List('本厂字段', Type.Object({
    contentName: ReqStr('字段名称', { maxLength: 64 }),
    contentKey: Type.String({ title: '字段编码', minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_.]*$' }),
    type: OneOf('类型', OWN_FIELD_TYPES),
  }, { additionalProperties: false }), { maxItems: 100 }),
}, { title: '数据源字段' });
export type SaveContentBody = Static<typeof SaveContentBody>;

/**
 * Data sources of documents and labels (SPEC section 7: dataSource/contentConfig). The other calls under
 * /api/dataSource (getDataSource, selectTypePage, selectListPage, saveDataSource, delType) are declared in
 * src/shared/api/dictionary.ts: they serve the dictionary and, given a data source, its fields.
 */
export const DATA_SOURCE = {
  content: endpoint({
    method: 'POST', path: '/api/dataSource/contentConfig/getContent', summary: '数据源的字段（contentName/contentKey）', permission: 'authenticated',
    readOnly: true, body: ContentBody, data: DataSourceContent,
  }),
  saveContent: endpoint({
    method: 'POST', path: '/api/dataSource/contentConfig/saveContent', summary: '保存数据源的本厂字段（整表替换；modeling:save）', permission: 'modeling:save',
    body: SaveContentBody, data: DataSourceContent,
    bodyLimit: { bytes: 32 * KB, why: "the whole list of a data source's own fields (up to 100)" },
  }),
};
