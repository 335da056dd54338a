import { Type, type Static } from '@sinclair/typebox';
import { Flag, PageQuery } from './envelope';

/** Gas categories (enum gasCategory). */
export const GAS_CATEGORIES = [
  { code: 'compressed', name: '压缩气体' },
  { code: 'liquefied', name: '液化气体' },
  { code: 'dissolved', name: '溶解气体' },
  { code: 'mixture', name: '混合气体' },
  { code: 'cryogenic', name: '低温液化气体' },
] as const;
export type GasCategory = (typeof GAS_CATEGORIES)[number]['code'];
const Category = Type.Union(GAS_CATEGORIES.map((c) => Type.Literal(c.code)));

const INERT = /^(N2|AR|HE|NE|KR|XE)$|氮|氩|氦|氖|氪|氙/i;
const LPG = /LPG|液化石油气/i;

/**
 * Periodic-inspection interval defaults (DOMAIN.md): 2 years for corrosive gases, 4 for LPG, 5 for nitrogen
 * and inert gases, 3 for the others.
 */
export function defaultInspectionInterval(gas: { code: string; materialName: string; corrosive?: boolean }): number {
  if (gas.corrosive) return 2;
  if (LPG.test(gas.code) || LPG.test(gas.materialName)) return 4;
  if (INERT.test(gas.code) || INERT.test(gas.materialName)) return 5;
  return 3;
}

/** Design life defaults (DOMAIN.md): 8 years for LPG cylinders, 30 for seamless steel. */
export function defaultDesignLife(gas: { code: string; materialName: string }): number {
  return LPG.test(gas.code) || LPG.test(gas.materialName) ? 8 : 30;
}

const Kg = Type.Union([Type.Number({ minimum: 0, maximum: 100000 }), Type.Null()]);

/** POST /api/material/save (with id: edit). */
export const MaterialSaveBody = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  materialName: Type.String({ minLength: 1, maxLength: 64 }),
  materialShortName: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
  code: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_.\\-]+$' }),
  category: Category,
  flammable: Type.Optional(Type.Boolean()),
  toxic: Type.Optional(Type.Boolean()),
  oxidizing: Type.Optional(Type.Boolean()),
  corrosive: Type.Optional(Type.Boolean()),
  /**
   * Years; omit for the gas's default (defaultInspectionInterval). No null here: the validator would turn
   * a 0 into null and accept it.
   */
  inspectionIntervalYears: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
  /** Target net fill weight, kg (liquefied gases). */
  targetNetWeight: Type.Optional(Kg),
  /** ± kg around targetNetWeight. */
  weightTolerance: Type.Optional(Kg),
  reweighRequired: Type.Optional(Type.Boolean()),
  /** Years; omit for the default (defaultDesignLife). */
  designLifeYears: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  status: Type.Optional(Flag),
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
});
export type MaterialSaveBody = Static<typeof MaterialSaveBody>;

export const MaterialRow = Type.Object({
  id: Type.Integer(),
  materialName: Type.String(),
  materialShortName: Type.Union([Type.String(), Type.Null()]),
  code: Type.String(),
  category: Type.String(),
  flammable: Type.Boolean(),
  toxic: Type.Boolean(),
  oxidizing: Type.Boolean(),
  corrosive: Type.Boolean(),
  inspectionIntervalYears: Type.Integer(),
  targetNetWeight: Type.Union([Type.Number(), Type.Null()]),
  weightTolerance: Type.Union([Type.Number(), Type.Null()]),
  reweighRequired: Type.Boolean(),
  designLifeYears: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Integer(),
  remark: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type MaterialRow = Static<typeof MaterialRow>;

/** POST /api/material/listPage */
export const MaterialPageQuery = Type.Composite([
  PageQuery,
  Type.Object({
    materialName: Type.Optional(Type.String({ maxLength: 64 })),
    code: Type.Optional(Type.String({ maxLength: 32 })),
    category: Type.Optional(Type.Union([Category, Type.Literal('')])),
    status: Type.Optional(Flag),
  }),
]);
export type MaterialPageQuery = Static<typeof MaterialPageQuery>;

/** POST /api/material/startOrStop */
export const MaterialStatusBody = Type.Object({ id: Type.Integer({ minimum: 1 }), status: Flag });
export type MaterialStatusBody = Static<typeof MaterialStatusBody>;

/** GET /api/material/dropDown: enabled gases. */
export const MaterialOption = Type.Object({
  id: Type.Integer(),
  materialName: Type.String(),
  materialShortName: Type.Union([Type.String(), Type.Null()]),
  code: Type.String(),
  category: Type.String(),
});
export type MaterialOption = Static<typeof MaterialOption>;
