import type { RegulatorRecordKind } from '@shared/api/regulator';

/**
 * The elements of each record, in the order the formats list them (docs/REGULATOR.md "Records"; the XML schema
 * adapters/record.xsd has the same). `required`: the format requires a value — the platform refuses the record without
 * it (the gateway sends what it has: the platform's words say what is missing, the board shows them, the record is
 * corrected at its source and sent again). Codes a platform defines (gas, cylinder type, status) come from the
 * connection's code tables; a record whose code is not mapped is held here, not sent wrong.
 *
 * Elements follow DB4114/T 185-2023 §5 (the filling unit, the cylinder, the filler, the vehicle, the driver and escort,
 * pre-fill check, fill, post-fill check, outbound/handover) and the periodic inspection of TSG 23.
 */
export interface FieldDef {
  key: string;
  label: string;
  required: boolean;
}

const f = (key: string, label: string, required = false): FieldDef => ({ key, label, required });

/** Every record's head: who reports. */
export const HEAD_FIELDS: FieldDef[] = [
  f('creditCode', '充装单位统一社会信用代码', true),
  f('unitName', '充装单位名称', true),
  f('licenceNo', '气瓶充装许可证编号', true),
  f('areaCode', '所在地区代码（GB/T 2260）', true),
];

export const RECORD_FIELDS: Record<RegulatorRecordKind, FieldDef[]> = {
  registration: [
    f('cylinderCode', '气瓶编号', true), f('steelStamp', '钢印号（出厂编号）'), f('gasCode', '充装介质代码', true),
    f('cylinderTypeCode', '气瓶类型代码', true), f('statusCode', '气瓶状态代码', true), f('manufacturer', '制造单位'),
    f('manufactureDate', '制造日期'), f('waterVolume', '公称容积（L）'), f('workingPressure', '公称工作压力（MPa）'),
    f('tareWeight', '皮重（kg）'), f('designLifeYears', '设计使用年限（年）'), f('lastInspectionDate', '上次检验日期'),
    f('nextInspectionDate', '下次检验日期', true), f('propertyUnit', '产权单位', true), f('registeredAt', '登记时间', true),
  ],
  preFillCheck: [
    f('cylinderCode', '气瓶编号', true), f('gasCode', '充装介质代码', true), f('checkTime', '检查时间', true),
    f('checkerName', '检查人员', true), f('checkerCertNo', '检查人员作业证编号'), f('nextInspectionDate', '下次检验日期', true),
    f('checkResult', '检查结论（1 合格）', true), f('statusCode', '气瓶状态代码', true),
  ],
  fill: [
    f('cylinderCode', '气瓶编号', true), f('gasCode', '充装介质代码', true), f('lotNo', '充装批号'), f('fillStart', '充装开始时间'),
    f('fillEnd', '充装结束时间', true), f('netWeight', '充装量（kg）'), f('finalPressure', '充装压力（MPa）'),
    f('fillerName', '充装人员', true), f('fillerIdNo', '充装人员身份证号'), f('fillerCertNo', '充装人员作业证编号', true),
    f('scaleNo', '充装秤（工位）'), f('fillResult', '充装结果（1 正常，2 超装）', true), f('statusCode', '气瓶状态代码', true),
  ],
  postFillCheck: [
    f('cylinderCode', '气瓶编号', true), f('gasCode', '充装介质代码', true), f('checkTime', '检查时间', true),
    f('checkerName', '检查人员', true), f('checkerCertNo', '检查人员作业证编号'), f('checkResult', '检查结论（1 合格，0 不合格）', true),
    f('checkItems', '检查项目'), f('statusCode', '气瓶状态代码', true),
  ],
  outbound: [
    f('cylinderCode', '气瓶编号', true), f('gasCode', '充装介质代码', true), f('orderNo', '出库单号', true), f('outTime', '出站时间', true),
    f('receiverName', '接收单位（用户）', true), f('vehiclePlate', '运输车辆车牌号'), f('vehiclePermitNo', '道路运输证号'),
    f('driverName', '驾驶员'), f('driverQualificationNo', '驾驶员从业资格证号'), f('escortName', '押运员'),
    f('escortQualificationNo', '押运员从业资格证号'), f('handoverName', '交接人员', true), f('statusCode', '气瓶状态代码', true),
  ],
  periodicInspection: [
    f('cylinderCode', '气瓶编号', true), f('inspectionDate', '检验日期', true), f('inspectionResult', '检验结论（1 合格，0 不合格）', true),
    f('nextInspectionDate', '下次检验日期'), f('inspectionStation', '检验机构'), f('reportNo', '检验报告编号'),
    f('statusCode', '气瓶状态代码', true),
  ],
};

/** The file adapter's type code of each kind (file names `{accessCode}{type}{yyyyMMddHHmmss}.xml`). */
export const FILE_TYPE_CODES: Record<RegulatorRecordKind, string> = {
  registration: '01', preFillCheck: '02', fill: '03', postFillCheck: '04', outbound: '05', periodicInspection: '06',
};
