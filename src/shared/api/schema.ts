import {
  Type, type Static, type TLiteral, type TObject, type TProperties, type TSchema, type TUnion,
} from '@sinclair/typebox';

/**
 * Building blocks of every request schema. Each one carries the bound that keeps malformed input away
 * from PostgreSQL (no NUL in text, integers inside `integer`, real calendar dates, bounded arrays) and a
 * Chinese `title` that validation messages name the field by. A test walks every route of the OpenAPI
 * document and fails on a request field built without them (tests/server/request-schemas.test.ts).
 */

/** PostgreSQL `integer`. */
export const PG_INT_MAX = 2_147_483_647;
/** Text may hold anything but U+0000, which PostgreSQL cannot store. */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';
/** yyyy-MM-dd in years 1900–2199; `format: 'date'` then refuses days the month does not have. */
export const DATE_PATTERN = '^(19|20|21)\\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
/** The years a date or a date-time may name: a plant's records and filters, never year 1 or 9999. */
export const YEARS = { min: 1900, max: 2199 } as const;
/** 'yyyy-MM-dd' or 'yyyy-MM-dd HH:mm[:ss]' (plant time) in years 1900–2199; DATE_TIME_FORMAT refuses what does not exist. */
export const DATE_TIME_PATTERN = '^(19|20|21)\\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])( ([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?)?$';
/**
 * The server's validator format (lib/validator.ts) for a date, or a date and time, that exists: isRealDateTime. The
 * validator also gives it to every text field whose pattern takes a date and time, so no route can forget it.
 */
export const DATE_TIME_FORMAT = 'real-date-time';

const DATE_TIME_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(?:Z|[+-](\d{2}):?(\d{2}))?$/;

/**
 * Whether text is a date, or a date and time ('yyyy-MM-dd HH:mm:ss', ISO 8601 with T, fraction and zone), that
 * exists as written: a year in YEARS, a day the month has (2025-02-29 does not), hours to 23, minutes and seconds to
 * 59, a zone offset to ±23:59. Anything else is not (PostgreSQL would refuse it, or read it as another moment).
 */
export function isRealDateTime(text: string): boolean {
  const m = DATE_TIME_TEXT.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second, zoneHour, zoneMinute] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number, number, number];
  if (year < YEARS.min || year > YEARS.max) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return hour <= 23 && minute <= 59 && second <= 59 && zoneHour <= 23 && zoneMinute <= 59;
}

/** Codes people type and barcodes carry: letters, digits, `_ . -`. */
export const CODE_PATTERN = '^[A-Za-z0-9_.\\-]+$';

export interface TextOptions {
  maxLength: number;
  minLength?: number;
  /** Must refuse NUL itself (every pattern here does: they list what they allow). */
  pattern?: string;
  description?: string;
}

/** Text of at most `maxLength` characters without NUL. */
export const Str = (title: string, opts: TextOptions) => Type.String({ title, pattern: NO_NUL_PATTERN, ...opts });

/** A required text field: at least one character. */
export const ReqStr = (title: string, opts: TextOptions) => Str(title, { minLength: 1, ...opts });

/** A code (gas, warehouse, customer, cylinder): letters, digits and `_ . -`. */
export const Code = (title: string, maxLength: number) => Type.String({ title, minLength: 1, maxLength, pattern: CODE_PATTERN });

/** A field a form may clear: absent, null or ''. */
export const OptStr = (title: string, opts: TextOptions) =>
  Type.Optional(Type.Union([Str(title, opts), Type.Null(), Type.Literal('')], { title }));

/** A row id, inside PostgreSQL `integer`. */
export const Id = (title = '编号') => Type.Integer({ title, minimum: 1, maximum: PG_INT_MAX });
/** An optional reference that may be cleared (null). */
export const OptId = (title: string) => Type.Optional(Type.Union([Id(title), Type.Null()], { title }));

export interface Bounds {
  minimum: number;
  maximum: number;
  description?: string;
  default?: number;
}

/** A whole number with both bounds (inside `integer` unless a column says otherwise). */
export const Int = (title: string, bounds: Bounds) => Type.Integer({ title, ...bounds });
/** A decimal number with both bounds. */
export const Num = (title: string, bounds: Bounds) => Type.Number({ title, ...bounds });
export const OptNum = (title: string, bounds: Bounds) => Type.Optional(Type.Union([Num(title, bounds), Type.Null()], { title }));

export const Bool = (title: string) => Type.Boolean({ title });

/** A calendar date 'yyyy-MM-dd' that exists (2024-02-30, 2024-13-45 and 0000-00-00 are refused). */
export const DateStr = (title: string) => Type.String({ title, format: 'date', pattern: DATE_PATTERN, maxLength: 10 });
export const OptDate = (title: string) =>
  Type.Optional(Type.Union([DateStr(title), Type.Null(), Type.Literal('')], { title }));

/** A date 'yyyy-MM-dd' or a date and time 'yyyy-MM-dd HH:mm[:ss]' (plant time) that exists, in years 1900–2199. */
export const DateTimeStr = (title: string) => Type.String({ title, format: DATE_TIME_FORMAT, pattern: DATE_TIME_PATTERN, maxLength: 19 });
/** A date-time filter that may be left empty: absent or ''. */
export const OptDateTime = (title: string) => Type.Optional(Type.Union([DateTimeStr(title), Type.Literal('')], { title }));

/** An array with an upper bound on its items. */
export const List = <T extends TSchema>(title: string, item: T, opts: { maxItems: number; minItems?: number; default?: unknown[] }) =>
  Type.Array(item, { title, ...opts });

/** One of the given literals. */
export function OneOf<const V extends readonly (string | number)[]>(title: string, values: V): TUnion<Array<TLiteral<V[number]>>> {
  return Type.Union(values.map((v) => Type.Literal(v)), { title });
}

/** Enabled flag of SPEC section 4: 1 启用, 0 停用. */
export const Flag = (title = '状态') => OneOf(title, [0, 1] as const);

/* ---------------------------------------------------------------- paging */

/** Largest page size (SPEC 9 offers up to 500). */
export const MAX_PAGE_SIZE = 500;
/** Largest page number: with MAX_PAGE_SIZE the offset stays inside `integer`. */
export const MAX_PAGE = 100_000;

/**
 * The list contract `{page, size, sidx, order, …filters}`. `sidx` is one of the sort keys the list
 * offers, so the schema refuses any other before a query is built.
 */
export function PageQuery<const K extends readonly string[], P extends TProperties>(sorts: K, filters: P) {
  return Type.Object({
    page: Type.Optional(Int('页码', { minimum: 1, maximum: MAX_PAGE, default: 1 })),
    size: Type.Optional(Int('每页条数', { minimum: 1, maximum: MAX_PAGE_SIZE, default: 15 })),
    sidx: Type.Optional(OneOf('排序字段', sorts)),
    order: Type.Optional(OneOf('排序方向', ['asc', 'desc'] as const)),
    ...filters,
  });
}
export interface PageParams {
  page?: number;
  size?: number;
  sidx?: string;
  order?: 'asc' | 'desc';
}

export const Page = <T extends TSchema>(item: T) => Type.Object({ list: Type.Array(item), total: Type.Integer() });
export interface PageResult<T> {
  list: T[];
  total: number;
}

/* ---------------------------------------------------------------- generic bodies and answers */

/** `{id}`: delete, detail and other calls on one row. */
export const IdBody = Type.Object({ id: Id() });
export type IdBody = Static<typeof IdBody>;
/** `/…/:id` path parameters. */
export const IdParams = Type.Object({ id: Id() });
export type IdParams = Static<typeof IdParams>;
/** The id a save answers. */
export const SavedId = Type.Object({ id: Type.Integer() });
export type SavedId = Static<typeof SavedId>;
/** Answer of calls that carry no data. */
export const NoData = Type.Null();

/** Query of a spreadsheet import: `dryRun=true` checks every row and imports nothing. */
export const ImportQuery = Type.Object({ dryRun: Type.Optional(Bool('仅检查')) });
export type ImportQuery = Static<typeof ImportQuery>;
/** An import that passed: rows in the sheet, and how many were imported (0 on a dry run). */
export const ImportResult = Type.Object({ rows: Type.Integer(), imported: Type.Integer() });
export type ImportResult = Static<typeof ImportResult>;
/** One refused row of an import, with its reasons (nothing is imported when any row is refused). */
export const ImportRowError = Type.Object({ row: Type.Integer(), reasons: Type.Array(Type.String()) });
export type ImportRowError = Static<typeof ImportRowError>;

export type { TObject };
