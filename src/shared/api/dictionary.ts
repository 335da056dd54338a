import { Type, type Static } from '@sinclair/typebox';
import { DeleteDataFieldBody, OwnFieldRow, SaveDataFieldBody } from './dataSource';
import { DATA_SOURCE_KINDS } from '../dataSources';
import { endpoint } from './endpoint';
import { Code, Flag, Id, IdBody, NoData, OneOf, OptStr, Page, PageQuery, ReqStr, SavedId, Str } from './schema';

const Text = Type.Union([Type.String(), Type.Null()]);

/** Dictionary types seeded at start (an administrator adds entries; the forms offer them). */
export const DICTIONARY_TYPES = [
  { typeCode: 'specification', typeName: '气瓶规格' },
  { typeCode: 'manufacturer', typeName: '制造单位' },
  { typeCode: 'scrapReason', typeName: '报废原因' },
  { typeCode: 'hickeyReason', typeName: '更换瓶阀原因' },
] as const;
export type SeededDictionaryType = (typeof DICTIONARY_TYPES)[number]['typeCode'];

export const DictTypeRow = Type.Object({
  id: Type.Integer(),
  typeCode: Type.String(),
  typeName: Type.String(),
  remark: Text,
  /** Seeded types: the forms read them, so they cannot be deleted or recoded. */
  builtIn: Type.Boolean(),
  entryCount: Type.Integer(),
});
export type DictTypeRow = Static<typeof DictTypeRow>;

export const DictEntryRow = Type.Object({
  id: Type.Integer(),
  typeId: Type.Integer(),
  dataName: Type.String(),
  dataValue: Type.String(),
  sort: Type.Integer(),
  status: Type.Union([Type.Literal(0), Type.Literal(1)]),
  remark: Text,
});
export type DictEntryRow = Static<typeof DictEntryRow>;

/** SPEC section 3: dictionary entries are dataName and dataValue. Enabled ones only, in order. */
export const DictEntry = Type.Object({ dataName: Type.String(), dataValue: Type.String() });
export type DictEntry = Static<typeof DictEntry>;

export const DictTypePageQuery = PageQuery(['id', 'typeCode', 'typeName'] as const, {
  keyword: Type.Optional(Str('类型名称或编码', { maxLength: 64 })),
});
export type DictTypePageQuery = Static<typeof DictTypePageQuery>;

/** Entries of a dictionary type (typeId), or (dataSource) the plant's own fields of a data source (记录建模). */
export const DictEntryPageQuery = PageQuery(['sort', 'dataName', 'dataValue'] as const, {
  typeId: Type.Optional(Id('字典类型')),
  dataSource: Type.Optional(OneOf('数据源', DATA_SOURCE_KINDS)),
  keyword: Type.Optional(Str('名称或值', { maxLength: 64 })),
});
export type DictEntryPageQuery = Static<typeof DictEntryPageQuery>;

/** POST /api/dataSource/saveDataSource: a type (kind 'type') or an entry of one (kind 'entry'); with id: edit. */
export const DictTypeSave = Type.Object({
  kind: Type.Literal('type', { title: '类别' }),
  id: Type.Optional(Id()),
  typeCode: Code('类型编码', 64),
  typeName: ReqStr('类型名称', { maxLength: 64 }),
  remark: OptStr('备注', { maxLength: 255 }),
});
export const DictEntrySave = Type.Object({
  kind: Type.Literal('entry', { title: '类别' }),
  id: Type.Optional(Id()),
  typeId: Id('字典类型'),
  dataName: ReqStr('名称', { maxLength: 64 }),
  dataValue: ReqStr('值', { maxLength: 128 }),
  sort: Type.Optional(Type.Integer({ title: '排序', minimum: 0, maximum: 100_000 })),
  status: Type.Optional(Flag()),
  remark: OptStr('备注', { maxLength: 255 }),
});
/** A dictionary type or entry, or (no kind, a data source named) a field of the plant's own (记录建模, modeling:save). */
export const DictSaveBody = Type.Union([DictTypeSave, DictEntrySave, SaveDataFieldBody], { title: '字典' });
export type DictSaveBody = Static<typeof DictSaveBody>;

/** POST /api/dataSource/delType: a type (with its entries) or one entry. */
export const DictDeleteBody = Type.Union([
  Type.Composite([IdBody, Type.Object({ kind: Type.Union([Type.Literal('type'), Type.Literal('entry')], { title: '类别' }) })]),
  DeleteDataFieldBody,
], { title: '删除' });
export type DictDeleteBody = Static<typeof DictDeleteBody>;

/**
 * Dictionary (SPEC section 7, Settings: dataSource); screen /Setting/dictionary. The same paths serve the data
 * sources' fields of 记录建模 (issue 22): selectListPage?dataSource= the plant's own fields, saveDataSource {dataSource, contentName, contentKey, type}
 * adds one and delType {id} (no kind) removes one. The routes declare 'authenticated'; the server checks
 * dictionary:* for the dictionary and modeling:* for the data sources. A data source's fields (built-in and the
 * plant's own) are read through POST /api/dataSource/contentConfig/getContent (getDataSource/{type} stays the
 * dictionary's: its answer is an entry list the forms' pickers read).
 */
export const DICTIONARY = {
  entries: endpoint({
    method: 'GET', path: '/api/dataSource/getDataSource/:type', summary: '某字典类型的启用条目（下拉用）', permission: 'authenticated',
    params: Type.Object({ type: Code('类型编码', 64) }), data: Type.Array(DictEntry),
  }),
  typePage: endpoint({
    method: 'GET', path: '/api/dataSource/selectTypePage', summary: '字典类型分页', permission: 'dictionary:view', query: DictTypePageQuery, data: Page(DictTypeRow),
  }),
  entryPage: endpoint({
    method: 'GET', path: '/api/dataSource/selectListPage', summary: '字典条目分页（给 dataSource 时为该数据源的本厂字段，需 modeling:view）', permission: 'authenticated',
    query: DictEntryPageQuery, data: Type.Union([Page(DictEntryRow), Page(OwnFieldRow)]),
  }),
  save: endpoint({
    method: 'POST', path: '/api/dataSource/saveDataSource', summary: '新增或编辑字典类型/条目（dictionary:save）；或新增数据源的本厂字段（modeling:save）', permission: 'authenticated',
    body: DictSaveBody, data: SavedId,
  }),
  delete: endpoint({
    method: 'POST', path: '/api/dataSource/delType', summary: '删除字典类型（连同条目）或条目（内置类型不可删，dictionary:delete）；无 kind 时删除本厂字段（modeling:save）', permission: 'authenticated',
    body: DictDeleteBody, data: NoData,
  }),
};
