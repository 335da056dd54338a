import { Type, type Static } from '@sinclair/typebox';
import { DATA_SOURCE_KINDS } from '../dataSources';
import { endpoint } from './endpoint';
import { OneOf } from './schema';

const FieldCore = {
  contentKey: Type.String(),
  contentName: Type.String(),
  /** text, number, date, datetime, image or list. */
  type: Type.String(),
};
/**
 * A field of a data source (src/shared/dataSources.ts); a list's item fields in `fields` (one level: a list
 * item holds no list).
 */
export const DataFieldSchema = Type.Object({ ...FieldCore, fields: Type.Optional(Type.Array(Type.Object(FieldCore))) });

export const DataSourceContent = Type.Object({
  kind: Type.String(),
  name: Type.String(),
  subject: Type.String(),
  fields: Type.Array(DataFieldSchema),
});
export type DataSourceContent = Static<typeof DataSourceContent>;

export const ContentBody = Type.Object({ dataSource: OneOf('数据源', DATA_SOURCE_KINDS) });
export type ContentBody = Static<typeof ContentBody>;

/**
 * Data sources of documents and labels (SPEC section 7: dataSource/contentConfig). The dictionary's calls
 * under /api/dataSource stay in src/shared/api/dictionary.ts.
 */
export const DATA_SOURCE = {
  content: endpoint({
    method: 'POST', path: '/api/dataSource/contentConfig/getContent', summary: '数据源的字段（contentName/contentKey）', permission: 'authenticated',
    readOnly: true, body: ContentBody, data: DataSourceContent,
  }),
};
