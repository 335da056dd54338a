import { sql, type Kysely, type Transaction } from 'kysely';
import type { InspectionItemRef } from '@shared/api/production';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { ts } from '../../lib/sql';

/** The statements of the production steps (production.transitions.ts, production.service.ts). */

/** A gas as the production steps read it. */
export interface Gas { material_name: string; category: string; reweigh_required: boolean; target_net_weight: string | null; weight_tolerance: string | null }

export const gasOf = async (db: Kysely<DB>, materialId: number): Promise<Gas> => {
  const gas = await db.selectFrom('materials').select(['material_name', 'category', 'reweigh_required', 'target_net_weight', 'weight_tolerance'])
    .where('id', '=', materialId).executeTakeFirst();
  if (!gas) throw new BusinessError(`介质不存在：${materialId}`);
  return gas;
};

/** The standing test projects (检验项目) of the gases `materialIds` (every gas when null), each gas's in its order. */
const projectsQuery = (db: Kysely<DB>, materialIds: number[] | null) => {
  let q = db.selectFrom('test_projects')
    .select(['id', 'material_id', 'project_name', 'standard_min', 'standard_max', 'standard_text', 'unit', 'required', 'method'])
    .where('retired_at', 'is', null);
  if (materialIds) q = q.where('material_id', 'in', materialIds);
  return q.orderBy('material_id').orderBy('sort').orderBy('id');
};

/** A project row as the station and the shared verdict (src/shared/cylinder/inspection.ts) read it: numbers, not numeric text. */
export const projectRef = (p: { id: number; project_name: string; method: string | null; standard_min: string | null; standard_max: string | null; standard_text: string | null; unit: string | null; required: boolean }): InspectionItemRef => ({
  id: p.id, projectName: p.project_name, method: p.method, standardMin: p.standard_min === null ? null : Number(p.standard_min),
  standardMax: p.standard_max === null ? null : Number(p.standard_max), standardText: p.standard_text, unit: p.unit, required: p.required,
});

/**
 * gasOf's read as a scalar subquery on the gas of the cylinder row `cylinder` (a table name or alias), for a
 * statement that reads the cylinder anyway: json, numerics as their text (as gasOf answers them); null when the
 * gas is gone.
 */
export const gasJson = (cylinder: string) => sql<Gas | null>`(select json_build_object('material_name', m.material_name, 'category', m.category,
  'reweigh_required', m.reweigh_required, 'target_net_weight', m.target_net_weight::text, 'weight_tolerance', m.weight_tolerance::text)
  from materials m where m.id = ${sql.ref(`${cylinder}.material_id`)})`;

/** inspectionItemsOf's read likewise (see gasJson): the gas's standing test projects in their order, [] when none. */
export const projectsJson = (cylinder: string) => sql<ProjectRow[]>`(select coalesce(json_agg(json_build_object('id', p.id,
  'project_name', p.project_name, 'standard_min', p.standard_min::text, 'standard_max', p.standard_max::text, 'standard_text', p.standard_text,
  'unit', p.unit, 'required', p.required, 'method', p.method) order by p.sort, p.id), '[]')
  from test_projects p where p.material_id = ${sql.ref(`${cylinder}.material_id`)} and p.retired_at is null)`;

/** A standing test project as inspectionItemsOf reads it. */
export interface ProjectRow {
  id: number; project_name: string; standard_min: string | null; standard_max: string | null; standard_text: string | null; unit: string | null;
  required: boolean; method: string | null;
}

/** The gas's standing test projects (检验项目), in their order. */
export const inspectionItemsOf = async (db: Kysely<DB>, materialId: number): Promise<InspectionItemRef[]> =>
  (await projectsQuery(db, [materialId]).execute()).map(projectRef);

/**
 * The standing test projects of several gases (every gas when null), by gas: at most `perGas` of each (a
 * result names at most that many items), for the stations' copy (the offline change feed).
 */
export async function inspectionItemsByGas(db: Kysely<DB>, materialIds: number[] | null, perGas: number): Promise<Map<number, InspectionItemRef[]>> {
  const byGas = new Map<number, InspectionItemRef[]>();
  if (materialIds && !materialIds.length) return byGas;
  for (const row of await projectsQuery(db, materialIds).execute()) {
    const list = byGas.get(row.material_id) ?? [];
    if (list.length < perGas) list.push(projectRef(row));
    byGas.set(row.material_id, list);
  }
  return byGas;
}

/** What re-weighing needs of a cylinder: its code, gas and tare. */
export const weighingFacts = (db: Kysely<DB>, id: number) =>
  db.selectFrom('cylinders').select(['code', 'material_id', 'tare_weight']).where('id', '=', id).executeTakeFirst();

export const inspectionRecordRow = (trx: Transaction<DB>, id: number) =>
  trx.selectFrom('test_records').select(['id', 'cylinder_id', 'material_id', 'result', 'items', 'remark', 'reverted_at']).where('id', '=', id).executeTakeFirst();

export async function correctInspectionRecord(trx: Transaction<DB>, id: number, items: unknown, remark: string | null): Promise<void> {
  await trx.updateTable('test_records').set({ items: JSON.stringify(items), remark, updated_at: sql`now()` }).where('id', '=', id).execute();
}

/* ---------------------------------------------------------------- notes on events */

export const eventExists = async (db: Kysely<DB>, traceId: number) =>
  !!(await db.selectFrom('cylinder_traces').select('id').where('id', '=', traceId).executeTakeFirst());

export const noteOf = (db: Kysely<DB>, id: number) =>
  db.selectFrom('trace_notes').select(['id', 'operator_id', 'trace_id']).where('id', '=', id).executeTakeFirst();

export async function editNote(db: Kysely<DB>, id: number, note: string): Promise<void> {
  await db.updateTable('trace_notes').set({ note, updated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function addNote(db: Kysely<DB>, traceId: number, note: string, by: { operatorId: number | null; operator: string | null }): Promise<number> {
  const row = await db.insertInto('trace_notes').values({ trace_id: traceId, note, operator_id: by.operatorId, operator: by.operator })
    .returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/* ---------------------------------------------------------------- rollback */

/** Who made an event and when, for the rollback preview. */
export const eventMeta = (db: Kysely<DB>, traceId: number) =>
  db.selectFrom('cylinder_traces').select(['operator', ts('at').as('at')]).where('id', '=', traceId).executeTakeFirstOrThrow();

/** An event of the cylinder by id (to say why a named rollback no longer applies). */
export const eventOf = (trx: Transaction<DB>, cylinderId: number, traceId: number) =>
  trx.selectFrom('cylinder_traces').select(['action', 'reverted_by_id']).where('id', '=', traceId).where('cylinder_id', '=', cylinderId).executeTakeFirst();
