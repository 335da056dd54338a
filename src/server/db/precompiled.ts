import { CompiledQuery, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type Compilable, type QueryResult } from 'kysely';
import type { DB } from './schema';

/** A Kysely that only compiles (never connects): builds the statements `precompiled` keeps. */
const compiler = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const SLOT = '\u0000slot:';

/**
 * A statement of a hot path built and compiled by Kysely once, then run with each call's values: the same SQL
 * text and the same parameters as building it on every call, without the building. `build` gets the compile-only
 * Kysely and, for each named value, a stand-in that marks its place among the parameters; it must use each value
 * only as a parameter (not to choose the statement's shape: one `precompiled` per shape).
 */
export function precompiled<A extends Record<string, unknown>, R>(
  build: (db: Kysely<DB>, args: A) => Compilable<R>, names: ReadonlyArray<keyof A & string>,
): (db: Kysely<DB>, args: A) => Promise<QueryResult<R>> {
  const stand = Object.fromEntries(names.map((n) => [n, `${SLOT}${n}`])) as unknown as A;
  const { sql, parameters } = build(compiler, stand).compile();
  const slots = parameters.map((p) => (typeof p === 'string' && p.startsWith(SLOT) ? p.slice(SLOT.length) : null));
  for (const n of names) if (!slots.includes(n)) throw new Error(`precompiled: ${n} is not a parameter of ${sql}`);
  return (db, args) => db.executeQuery<R>(CompiledQuery.raw(sql, slots.map((slot, i) => (slot === null ? parameters[i] : args[slot]))));
}
