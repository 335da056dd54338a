import { describe, expect, it } from 'vitest';
import { fillGateReasons, type GateCylinder, type GateGas } from './fill-gate';

const N2: GateGas = { id: 1, materialName: '氮气', flammable: false, designLifeYears: 30 };
const LPG: GateGas = { id: 2, materialName: '液化石油气', flammable: true, designLifeYears: 8 };
const TODAY = '2026-06-15';

const cylinder = (over: Partial<GateCylinder> = {}): GateCylinder => ({
  code: 'QP001', status: 2, materialId: 1, materialName: '氮气', manufactureDate: '2020-01-01', designLifeYears: null,
  lastInspectionDate: '2024-01-01', nextInspectionDate: '2029-01-01', ownerType: 1, lastFilledAt: '2026-05-01T08:00:00Z', ...over,
});
const codes = (c: GateCylinder, gas = N2, opts = {}) => fillGateReasons(c, gas, TODAY, opts).map((r) => r.reason);

describe('fill gate', () => {
  it('LPG: 8 years of design life, up to 12 after a periodic inspection passed in its last year or later', () => {
    const gas: GateGas = { ...LPG, id: 1, extendedLifeYears: 12 };
    const old = cylinder({ manufactureDate: '2017-06-01', lastFilledAt: '2026-05-01T08:00:00Z' }); // 9 years old
    const refused = fillGateReasons(old, gas, TODAY, { vacuumSince: '2026-01-01' });
    expect(refused).toEqual([{
      reason: 'designLifeExceeded',
      message: '气瓶 QP001 已超过设计使用年限 8 年（制造日期 2017-06-01，2025-06-01 到期）；定期检验合格后可延长至 12 年',
    }]);
    // An inspection passed before the last year of the design life does not extend it.
    expect(codes({ ...old, lastPassedInspection: '2023-06-01' }, gas, { vacuumSince: '2026-01-01' })).toEqual(['designLifeExceeded']);
    expect(codes({ ...old, lastPassedInspection: '2024-06-01' }, gas, { vacuumSince: '2026-01-01' })).toEqual([]);
    // Never beyond 12 years.
    const older = cylinder({ manufactureDate: '2014-01-01', lastPassedInspection: '2025-01-01' });
    expect(fillGateReasons(older, gas, TODAY, { vacuumSince: '2026-01-01' })[0]!.message).toBe('气瓶 QP001 已超过延长使用年限 12 年（制造日期 2014-01-01，2026-01-01 到期）');
  });

  it('lets a sound own cylinder of the right gas through', () => {
    expect(fillGateReasons(cylinder(), N2, TODAY)).toEqual([]);
  });

  it('refuses a scrapped cylinder', () => {
    expect(fillGateReasons(cylinder({ status: 0 }), N2, TODAY)).toEqual([{ reason: 'scrap', message: '气瓶 QP001 已报废' }]);
  });

  it('refuses an overdue inspection (超期未检) from the day after the due date, and a missing date', () => {
    expect(codes(cylinder({ nextInspectionDate: TODAY }))).toEqual([]);
    const overdue = fillGateReasons(cylinder({ nextInspectionDate: '2026-06-14' }), N2, TODAY);
    expect(overdue).toEqual([{ reason: 'inspectionOverdue', message: '气瓶 QP001 超期未检：下次检验日期 2026-06-14 已过' }]);
    expect(codes(cylinder({ nextInspectionDate: null }))).toEqual(['inspectionOverdue']);
  });

  it('refuses a cylinder past its design life, the cylinder’s own life before the gas default', () => {
    // LPG default 8 years: made 2018-06-15 → expires 2026-06-15 (today).
    const lpgCylinder = cylinder({ materialId: 2, manufactureDate: '2018-06-15', lastFilledAt: '2026-05-01', lastInspectionDate: '2022-01-01' });
    const reasons = fillGateReasons(lpgCylinder, LPG, TODAY);
    expect(reasons).toEqual([{
      reason: 'designLifeExceeded', message: '气瓶 QP001 已超过设计使用年限 8 年（制造日期 2018-06-15，2026-06-15 到期）',
    }]);
    expect(codes({ ...lpgCylinder, manufactureDate: '2018-06-16' }, LPG)).toEqual([]);
    expect(codes({ ...lpgCylinder, designLifeYears: 12 }, LPG)).toEqual([]);
    expect(codes(cylinder({ manufactureDate: '1996-06-15' }))).toEqual(['designLifeExceeded']);
  });

  it('refuses a cylinder the plant does not fill for (ownership)', () => {
    expect(codes(cylinder({ ownerType: 2, ownerIsCustomer: true }))).toEqual([]);
    const foreign = fillGateReasons(cylinder({ ownerType: 2, ownerIsCustomer: false }), N2, TODAY);
    expect(foreign).toEqual([{ reason: 'ownership', message: '气瓶 QP001 不是本单位气瓶，也不属于委托充装的客户' }]);
  });

  it('refuses the wrong medium, naming both gases', () => {
    const wrong = fillGateReasons(cylinder(), { ...N2, id: 9, materialName: '氧气' }, TODAY);
    expect(wrong).toEqual([{ reason: 'wrongMedium', message: '气瓶 QP001 登记介质为 氮气，不能充装 氧气' }]);
  });

  it('asks for vacuum before the first fill of a flammable gas, and the first after an inspection', () => {
    const lpg = (over: Partial<GateCylinder>) => cylinder({ materialId: 2, manufactureDate: '2024-01-01', ...over });
    const first = fillGateReasons(lpg({ lastFilledAt: null, lastInspectionDate: null }), LPG, TODAY);
    expect(first).toEqual([{ reason: 'vacuumRequired', message: '气瓶 QP001 首次充装可燃气体 液化石油气，需先抽真空处理' }]);
    expect(codes(lpg({ lastFilledAt: null, lastInspectionDate: null }), LPG, { vacuumSince: '2026-06-01' })).toEqual([]);

    const afterInspection = lpg({ lastFilledAt: '2026-01-10T09:00:00Z', lastInspectionDate: '2026-03-01' });
    expect(fillGateReasons(afterInspection, LPG, TODAY)).toEqual([{
      reason: 'vacuumRequired', message: '气瓶 QP001 定期检验（2026-03-01）后首次充装可燃气体 液化石油气，需先抽真空处理',
    }]);
    // A vacuum before the inspection does not count; one after it does.
    expect(codes(afterInspection, LPG, { vacuumSince: '2026-02-01' })).toEqual(['vacuumRequired']);
    expect(codes(afterInspection, LPG, { vacuumSince: '2026-03-02' })).toEqual([]);
    // On the inspection's day, only a vacuum after the inspection was recorded counts.
    const recordedAt = '2026-03-01T14:00:00.000000';
    expect(codes(afterInspection, LPG, { vacuumSince: '2026-03-01T09:30:00.000000', inspectionRecordedAt: recordedAt })).toEqual(['vacuumRequired']);
    expect(codes(afterInspection, LPG, { vacuumSince: '2026-03-01T15:10:00.000000', inspectionRecordedAt: recordedAt })).toEqual([]);
    // Filled since the inspection: no longer a first fill.
    expect(codes(lpg({ lastFilledAt: '2026-04-01', lastInspectionDate: '2026-03-01' }), LPG)).toEqual([]);
    // Non-flammable gases never need it.
    expect(codes(cylinder({ lastFilledAt: null }))).toEqual([]);
  });

  it('gives every reason that holds at once', () => {
    const bad = cylinder({ status: 0, nextInspectionDate: '2020-01-01', manufactureDate: '1990-01-01', ownerType: 2, lastFilledAt: null });
    expect(codes(bad, { ...LPG, id: 7 })).toEqual(['scrap', 'inspectionOverdue', 'designLifeExceeded', 'ownership', 'wrongMedium', 'vacuumRequired']);
  });
});
