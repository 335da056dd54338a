import ts from 'typescript';

/** A column as information_schema describes it. */
export interface DbColumn {
  table: string;
  column: string;
  nullable: boolean;
  /** PostgreSQL's type name (int4, varchar, timestamptz, _text for text[] …). */
  udt: string;
  /** A default, an identity or a generated value: an insert may leave the column out. */
  hasDefault: boolean;
}

/** A column as src/server/db/schema.ts declares it, in Kysely's terms. */
export interface TsColumn {
  /** The types a select gives (`number`, `string`, `Date`, `string[]`, `null` …). */
  select: string[];
  /** The types an insert takes; `undefined` when an insert may leave the column out. */
  insert: string[];
}

/** Table name (the DB interface's key) → column → declaration. */
export type SchemaFile = Map<string, Map<string, TsColumn>>;

/**
 * What pg hands back for each PostgreSQL type, as this server configures it: int8 is parsed to a number
 * (src/server/db/database.ts), numeric stays a string, a date column is read through to_char and written as
 * 'YYYY-MM-DD'. json and jsonb take any declared type.
 */
const READS: Record<string, string[] | 'any'> = {
  int2: ['number'], int4: ['number'], int8: ['number'], float4: ['number'], float8: ['number'],
  numeric: ['string'],
  text: ['string'], varchar: ['string'], bpchar: ['string'], citext: ['string'], uuid: ['string'], inet: ['string'],
  bool: ['boolean'],
  timestamptz: ['Date'], timestamp: ['Date'],
  date: ['string'],
  json: 'any', jsonb: 'any',
  _text: ['string[]'], _varchar: ['string[]'], _int4: ['number[]'], _int8: ['number[]'],
  bytea: ['Buffer'],
};

const WRAPPERS = new Set(['Generated', 'ColumnType', 'GeneratedAlways']);

/** Reads the DB interface of a schema.ts source and resolves every column through aliases and `extends`. */
export function readSchemaFile(source: ts.SourceFile): SchemaFile {
  const aliases = new Map<string, ts.TypeNode>();
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isTypeAliasDeclaration(node) && !node.typeParameters) aliases.set(node.name.text, node.type);
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });

  const refName = (node: ts.TypeReferenceNode) => node.typeName.getText(source);

  /** Plain type names of a type that is not a column wrapper; a nested wrapper shows as its name, which no PG type reads. */
  const kinds = (node: ts.TypeNode): string[] => {
    if (ts.isParenthesizedTypeNode(node)) return kinds(node.type);
    if (ts.isUnionTypeNode(node)) return node.types.flatMap(kinds);
    if (ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword) return ['null'];
    if (ts.isArrayTypeNode(node)) return kinds(node.elementType).map((k) => `${k}[]`);
    if (ts.isTypeReferenceNode(node)) {
      const name = refName(node);
      const alias = aliases.get(name);
      if (alias) return kinds(alias);
      return [WRAPPERS.has(name) ? `${name}<…>` : name];
    }
    switch (node.kind) {
      case ts.SyntaxKind.NumberKeyword: return ['number'];
      case ts.SyntaxKind.StringKeyword: return ['string'];
      case ts.SyntaxKind.BooleanKeyword: return ['boolean'];
      case ts.SyntaxKind.UndefinedKeyword: return ['undefined'];
      case ts.SyntaxKind.UnknownKeyword: case ts.SyntaxKind.AnyKeyword: return ['unknown'];
      default: return [node.getText(source)];
    }
  };

  /** Kysely's reading of a column type: SelectType and InsertType distribute over a union. */
  const column = (node: ts.TypeNode): TsColumn => {
    if (ts.isParenthesizedTypeNode(node)) return column(node.type);
    if (ts.isUnionTypeNode(node)) {
      const parts = node.types.map(column);
      return { select: parts.flatMap((p) => p.select), insert: parts.flatMap((p) => p.insert) };
    }
    if (ts.isTypeReferenceNode(node)) {
      const name = refName(node);
      const alias = aliases.get(name);
      if (alias) return column(alias);
      const [s, i] = node.typeArguments ?? [];
      if (name === 'Generated' && s) return { select: kinds(s), insert: [...kinds(s), 'undefined'] };
      if (name === 'GeneratedAlways' && s) return { select: kinds(s), insert: [] };
      if (name === 'ColumnType' && s) return { select: kinds(s), insert: kinds(i ?? s) };
    }
    const k = kinds(node);
    return { select: k, insert: k };
  };

  const columnsOf = (decl: ts.InterfaceDeclaration): Map<string, TsColumn> => {
    const out = new Map<string, TsColumn>();
    for (const clause of decl.heritageClauses ?? []) {
      for (const base of clause.types) {
        const parent = interfaces.get(base.expression.getText(source));
        if (!parent) throw new Error(`schema.ts: ${decl.name.text} extends ${base.expression.getText(source)}, not found`);
        for (const [k, v] of columnsOf(parent)) out.set(k, v);
      }
    }
    for (const m of decl.members) {
      if (ts.isPropertySignature(m) && m.type) out.set(m.name.getText(source), column(m.type));
    }
    return out;
  };

  const db = interfaces.get('DB');
  if (!db) throw new Error('schema.ts: no interface DB');
  const tables: SchemaFile = new Map();
  for (const m of db.members) {
    if (!ts.isPropertySignature(m) || !m.type || !ts.isTypeReferenceNode(m.type)) continue;
    const decl = interfaces.get(refName(m.type));
    if (!decl) throw new Error(`schema.ts: DB.${m.name.getText(source)} names ${refName(m.type)}, not an interface of the file`);
    tables.set(m.name.getText(source), columnsOf(decl));
  }
  return tables;
}

/** Every difference between schema.ts and the database, one sentence each, sorted; empty when they agree. */
export function compareSchema(schema: SchemaFile, db: readonly DbColumn[]): string[] {
  const problems: string[] = [];
  const dbTables = new Map<string, Map<string, DbColumn>>();
  for (const c of db) {
    if (!dbTables.has(c.table)) dbTables.set(c.table, new Map());
    dbTables.get(c.table)!.set(c.column, c);
  }
  for (const table of dbTables.keys()) {
    if (!schema.has(table)) problems.push(`${table}: a table of the database that schema.ts does not declare`);
  }
  for (const [table, tsColumns] of schema) {
    const dbColumns = dbTables.get(table);
    if (!dbColumns) {
      problems.push(`${table}: declared in schema.ts, not a table of the database`);
      continue;
    }
    for (const name of dbColumns.keys()) {
      if (!tsColumns.has(name)) problems.push(`${table}.${name}: a column of the database that schema.ts does not declare`);
    }
    for (const [name, t] of tsColumns) {
      const c = dbColumns.get(name);
      const at = `${table}.${name}`;
      if (!c) {
        problems.push(`${at}: declared in schema.ts, not in the database`);
        continue;
      }
      // unknown (a json column read as is) admits null and undefined: it fits either nullability.
      const open = t.select.includes('unknown');
      const tsNullable = open || t.select.includes('null');
      if (c.nullable && !tsNullable) problems.push(`${at}: the database admits null, schema.ts does not`);
      if (!c.nullable && tsNullable && !open) problems.push(`${at}: schema.ts admits null, the database column is not null`);
      const optional = ['undefined', 'null', 'unknown'].some((k) => t.insert.includes(k));
      if (!c.nullable && !c.hasDefault && optional) problems.push(`${at}: schema.ts lets an insert leave it out, the database has no default`);
      if (!c.nullable && c.hasDefault && !optional) problems.push(`${at}: the database has a default, schema.ts makes every insert give it (Generated)`);
      const reads = READS[c.udt];
      if (!reads) {
        problems.push(`${at}: PostgreSQL type ${c.udt} has no TypeScript mapping in schema-compare.ts`);
        continue;
      }
      if (reads === 'any') continue;
      const declared = [...new Set(t.select.filter((k) => k !== 'null'))];
      const wrong = declared.filter((k) => !reads.includes(k));
      if (declared.length === 0 || wrong.length > 0) {
        problems.push(`${at}: schema.ts reads ${declared.join(' | ') || 'nothing'}, PostgreSQL type ${c.udt} gives ${reads.join(' | ')}`);
      }
    }
  }
  return problems.sort();
}
