import { Type, type Static } from '@sinclair/typebox';

const OptText = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));
const OptNum = Type.Optional(Type.Union([Type.Number({ minimum: -1e9, maximum: 1e9 }), Type.Null()]));

/** One inspection item of a gas (检验项目), used by the inspection station. */
export const TestProjectInput = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  projectName: Type.String({ minLength: 1, maxLength: 64 }),
  /** How it is measured, e.g. GB/T 8979 露点法. */
  method: OptText(128),
  /** Standard range: [standardMin, standardMax], either side open when null; or a text standard (e.g. 无色无味). */
  standardMin: OptNum,
  standardMax: OptNum,
  standardText: OptText(128),
  unit: OptText(16),
  required: Type.Optional(Type.Boolean()),
});
export type TestProjectInput = Static<typeof TestProjectInput>;

/** POST /api/produce/saveTestProject: the whole list of a gas (items left out are removed). */
export const SaveTestProjectsBody = Type.Object({
  materialId: Type.Integer({ minimum: 1 }),
  projects: Type.Array(TestProjectInput, { maxItems: 100 }),
});
export type SaveTestProjectsBody = Static<typeof SaveTestProjectsBody>;

/** POST /api/produce/queryTestProject */
export const QueryTestProjectsBody = Type.Object({ materialId: Type.Integer({ minimum: 1 }) });

const Text = Type.Union([Type.String(), Type.Null()]);
const Num = Type.Union([Type.Number(), Type.Null()]);
export const TestProjectRow = Type.Object({
  id: Type.Integer(),
  materialId: Type.Integer(),
  projectName: Type.String(),
  method: Text,
  standardMin: Num,
  standardMax: Num,
  standardText: Text,
  unit: Text,
  required: Type.Boolean(),
  sort: Type.Integer(),
});
export type TestProjectRow = Static<typeof TestProjectRow>;
