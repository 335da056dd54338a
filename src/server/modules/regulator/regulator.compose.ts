import type { IntegrationEvent } from '@shared/api/integration';
import { REGULATOR_RECORD_KINDS, type CodeTable, type RegulatorRecordKind } from '@shared/api/regulator';
import type { FieldValue } from './adapters';
import { HEAD_FIELDS, RECORD_FIELDS } from './regulator.fields';

/** What a record is made of besides its event: read at send time, so a correction at its source is sent with it. */
export interface Sources {
  company(): Promise<{ companyName: string | null; creditCode: string | null; licenceNo: string | null; areaCode: string | null }>;
  cylinder(id: number): Promise<{
    code: string; steelStamp: string | null; materialId: number; specification: string | null; manufacturer: string | null;
    manufactureDate: string | null; waterVolume: number | null; workingPressure: number | null; tareWeight: number | null;
    designLifeYears: number | null; lastInspectionDate: string | null; nextInspectionDate: string | null; status: number;
    ownedByPlant: boolean; ownerName: string | null;
  } | null>;
  /** A filler's (any operator's) name, ID number and certificate. */
  person(userId: number): Promise<{ name: string; idNo: string | null; certNo: string | null } | null>;
  transport(orderId: number): Promise<{
    vehicle: { plate: string; permitNo: string } | null;
    driver: { name: string; qualificationNo: string } | null;
    escort: { name: string; qualificationNo: string } | null;
  } | null>;
  /** A trace event's detail (what its writer recorded beside the status move). */
  detail(traceId: number): Promise<Record<string, unknown> | null>;
  inspection(traceId: number): Promise<{ inspectedOn: string; result: number; nextDate: string | null; agency: string | null; reportNo: string | null } | null>;
  /** The connection's code for a local value; undefined when not mapped. */
  code(table: CodeTable, localKey: string): string | undefined;
  /** The local value in words, for a held record's reason. */
  localName(table: CodeTable, localKey: string): string;
}

export type Composed = { head: Record<string, FieldValue>; fields: Record<string, FieldValue> } | { held: string };

const KIND_OF_ACTION = new Map<string, RegulatorRecordKind>(REGULATOR_RECORD_KINDS.flatMap((k) => k.actions.map((a) => [a, k.code] as const)));

/** The record kind an event makes, or null (an event no platform asks for). */
export const kindOfEvent = (event: Pick<IntegrationEvent, 'action'>): RegulatorRecordKind | null => KIND_OF_ACTION.get(event.action) ?? null;

/** The actions whose events make records of `kinds` (the outbox types the collector reads). */
export const eventTypesOf = (kinds: readonly string[]): string[] =>
  REGULATOR_RECORD_KINDS.filter((k) => kinds.includes(k.code)).flatMap((k) => k.actions.map((a) => `trace.${a}`));

const SHORT: Record<RegulatorRecordKind, string> = {
  registration: 'REG', preFillCheck: 'PRE', fill: 'FILL', postFillCheck: 'POST', outbound: 'OUT', periodicInspection: 'INSP',
};

/** A record's id as the platform sees it: the kind and the trace event, so one event and kind is one record, ever. */
export const recordIdOf = (kind: RegulatorRecordKind, traceId: number): string => `${SHORT[kind]}-${traceId}`;

const pad = (n: number) => String(n).padStart(2, '0');
/** Plant (server local) time 'yyyy-MM-dd HH:mm:ss' of an ISO time; null stays null. */
export function plantTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : typeof v === 'number' ? String(v) : null);
const numberOf = (v: unknown): number | null => (v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? null : Number(v));

/** The platform's code of a local value, or the reason the record is held. */
class Codes {
  readonly missing: string[] = [];
  constructor(private readonly sources: Sources) {}
  get(table: CodeTable, localKey: string | null): string | null {
    if (localKey === null) return null;
    const code = this.sources.code(table, localKey);
    if (code !== undefined) return code;
    const what = { gas: '介质', cylinderType: '气瓶类型（规格）', status: '气瓶状态' }[table];
    this.missing.push(`${what}「${this.sources.localName(table, localKey)}」未对照平台代码`);
    return null;
  }
}

/** The record of `kind` for `event`, from the event and the sources now; or why it is held. */
export async function composeRecord(kind: RegulatorRecordKind, event: IntegrationEvent, sources: Sources): Promise<Composed> {
  const company = await sources.company();
  const missingHead = [
    !company.creditCode && '统一社会信用代码', !company.companyName && '企业名称', !company.licenceNo && '气瓶充装许可证编号', !company.areaCode && '所在地区',
  ].filter(Boolean);
  if (missingHead.length) return { held: `企业信息缺少${missingHead.join('、')}（系统设置 → 企业信息）` };
  const cylinder = await sources.cylinder(event.cylinder.id);
  if (!cylinder) return { held: `气瓶 ${event.cylinder.code} 已不在气瓶档案中` };
  const codes = new Codes(sources);
  const gasId = event.cylinder.gas?.id ?? cylinder.materialId;
  const gasCode = () => codes.get('gas', String(gasId));
  const status = event.toStatus ?? cylinder.status;
  const values = event.record?.values ?? {};
  const operator = event.operator?.id ? await sources.person(event.operator.id) : null;
  const operatorName = operator?.name ?? event.operator?.name ?? null;
  const at = plantTime(event.at);
  let fields: Record<string, FieldValue>;

  switch (kind) {
    case 'registration':
      fields = {
        cylinderCode: cylinder.code, steelStamp: cylinder.steelStamp, gasCode: gasCode(),
        cylinderTypeCode: codes.get('cylinderType', cylinder.specification ?? '') , statusCode: codes.get('status', String(status)),
        manufacturer: cylinder.manufacturer, manufactureDate: cylinder.manufactureDate, waterVolume: cylinder.waterVolume,
        workingPressure: cylinder.workingPressure, tareWeight: cylinder.tareWeight, designLifeYears: cylinder.designLifeYears,
        lastInspectionDate: cylinder.lastInspectionDate, nextInspectionDate: cylinder.nextInspectionDate,
        propertyUnit: cylinder.ownedByPlant ? company.companyName : cylinder.ownerName, registeredAt: at,
      };
      break;
    case 'preFillCheck':
      fields = {
        cylinderCode: cylinder.code, gasCode: gasCode(), checkTime: at, checkerName: operatorName, checkerCertNo: operator?.certNo ?? null,
        nextInspectionDate: cylinder.nextInspectionDate, checkResult: '1', statusCode: codes.get('status', String(status)),
      };
      break;
    case 'fill':
      fields = {
        cylinderCode: cylinder.code, gasCode: gasCode(), lotNo: text(values.lotNo) ?? event.cylinder.lot,
        fillStart: plantTime(text(values.startedAt)), fillEnd: plantTime(text(values.endedAt)) ?? at,
        netWeight: numberOf(values.filledWeight), finalPressure: numberOf(values.filledPressure),
        fillerName: operatorName, fillerIdNo: operator?.idNo ?? null, fillerCertNo: operator?.certNo ?? null,
        scaleNo: text(values.scale) ?? event.workstation, fillResult: event.action === 'fillOverfill' ? '2' : '1',
        statusCode: codes.get('status', String(status)),
      };
      break;
    case 'postFillCheck':
      fields = {
        cylinderCode: cylinder.code, gasCode: gasCode(), checkTime: at, checkerName: operatorName, checkerCertNo: operator?.certNo ?? null,
        checkResult: event.action === 'testPass' ? '1' : '0', checkItems: checkItems(values.items),
        statusCode: codes.get('status', String(status)),
      };
      break;
    case 'outbound': {
      // 出库 (the order's completion) writes no record: its order is named in the trace event's detail.
      const detail = !event.order && event.traceId ? await sources.detail(event.traceId) : null;
      const orderId = event.order?.id ?? numberOf(detail?.orderId);
      const transport = orderId ? await sources.transport(orderId) : null;
      fields = {
        cylinderCode: cylinder.code, gasCode: gasCode(), orderNo: event.order?.code ?? text(detail?.orderNo), outTime: at,
        receiverName: event.order?.customer?.name ?? text(detail?.customer), vehiclePlate: transport?.vehicle?.plate ?? null,
        vehiclePermitNo: transport?.vehicle?.permitNo ?? null, driverName: transport?.driver?.name ?? null,
        driverQualificationNo: transport?.driver?.qualificationNo ?? null, escortName: transport?.escort?.name ?? null,
        escortQualificationNo: transport?.escort?.qualificationNo ?? null, handoverName: operatorName,
        statusCode: codes.get('status', String(status)),
      };
      break;
    }
    case 'periodicInspection': {
      const inspection = event.traceId ? await sources.inspection(event.traceId) : null;
      fields = {
        cylinderCode: cylinder.code, inspectionDate: inspection?.inspectedOn ?? at?.slice(0, 10) ?? null,
        inspectionResult: event.action === 'inspection' ? '1' : '0', nextInspectionDate: inspection?.nextDate ?? null,
        inspectionStation: inspection?.agency ?? null, reportNo: inspection?.reportNo ?? null, statusCode: codes.get('status', String(status)),
      };
      break;
    }
  }
  if (codes.missing.length) return { held: [...new Set(codes.missing)].join('；') };
  const head = { creditCode: company.creditCode, unitName: company.companyName, licenceNo: company.licenceNo, areaCode: company.areaCode };
  return { head: ordered(head, HEAD_FIELDS.map((d) => d.key)), fields: ordered(fields, RECORD_FIELDS[kind].map((d) => d.key)) };
}

/** The fields in the format's order (and only those). */
const ordered = (values: Record<string, FieldValue>, keys: string[]): Record<string, FieldValue> =>
  Object.fromEntries(keys.map((k) => [k, values[k] ?? null]));

/** A post-fill check's items as one line: 名称:结论;… */
function checkItems(items: unknown): string | null {
  if (!Array.isArray(items) || items.length === 0) return null;
  const line = items.map((i) => {
    const it = i as Record<string, unknown>;
    const name = text(it.projectName) ?? '';
    const result = it.passed === true ? '合格' : it.passed === false ? '不合格' : '';
    return `${name}:${result}`;
  }).join(';');
  return line.slice(0, 200) || null;
}
