import type { Kysely } from 'kysely';
import type { InspectionHistoryQuery, InspectionResultInput } from '@shared/api/production';
import type { ImportResult, ImportRowError } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { importReport, runImport } from '../../lib/import-report';
import type { SheetColumn } from '../../lib/xlsx/columns';
import { readSheet } from '../../lib/xlsx/read';
import { stepRefusal, TRANSITION_RULES as RULES } from '@shared/cylinder/transitions';
import { runLocked } from './engine';
import { lockCodes, lockCylinder } from './engine.repository';
import { inspectionItemsOf } from './production.repository';
import type { Actor, LockedCylinder } from './transition';
import { inspectionRecordsUpTo } from './trace.queries';
import { evaluateInspection, inspect } from './production.transitions';

type Key = 'code' | 'projectName' | 'value' | 'verdict' | 'remark';

/** One row per measured project; the rows of one cylinder are its test. */
export const INSPECTION_IMPORT_COLUMNS: SheetColumn<Key>[] = [
  { header: '气瓶编码', key: 'code', width: 18, maxLength: 64, note: '必填：已充装（状态 4）的气瓶' },
  { header: '检验项目', key: 'projectName', width: 16, maxLength: 64, note: '必填：检验项目中该介质的项目名称' },
  { header: '检测值', key: 'value', width: 12, maxLength: 64, note: '有标准范围的项目填数值' },
  { header: '是否合格', key: 'verdict', width: 10, maxLength: 64, note: '没有数值标准的项目填 合格 或 不合格' },
  { header: '备注', key: 'remark', width: 20, maxLength: 255 },
];

export const INSPECTION_TEMPLATE_EXAMPLE = { code: 'QP000001', projectName: '纯度', value: 99.999, verdict: '', remark: '' };

export const INSPECTION_EXPORT_COLUMNS: SheetColumn[] = [
  { header: '气瓶编码', key: 'code', width: 18 }, { header: '介质', key: 'materialName', width: 12 },
  { header: '检验结论', key: 'result', width: 10 }, { header: '检验项目', key: 'projectName', width: 16 },
  { header: '检测值', key: 'value', width: 10 }, { header: '单位', key: 'unit', width: 8 }, { header: '标准', key: 'standard', width: 16 },
  { header: '项目判定', key: 'passed', width: 10 }, { header: '检验人', key: 'operator', width: 10 }, { header: '工作站', key: 'workstation', width: 12 },
  { header: '检验时间', key: 'createdAt', width: 20 }, { header: '已回退', key: 'reverted', width: 8 }, { header: '备注', key: 'remark', width: 20 },
];

/** Up to this many test records per export (one sheet row per project). */
export const TEST_EXPORT_CAP = 20_000;

/** The filtered test records as sheet rows, read before anything is sent (a failure is an envelope). */
export async function inspectionExportRows(db: Kysely<DB>, q: InspectionHistoryQuery): Promise<Array<Record<string, unknown>>> {
  const rows: Array<Record<string, unknown>> = [];
  for (const r of await inspectionRecordsUpTo(db, q, TEST_EXPORT_CAP)) {
    const common = {
      code: r.code, materialName: r.materialName, result: r.result === 1 ? '合格' : '不合格', operator: r.operator,
      workstation: r.workstation, createdAt: r.createdAt, reverted: r.reverted ? '是' : '', remark: r.remark,
    };
    const items = r.items;
    if (items.length === 0) rows.push(common);
    for (const i of items) {
      rows.push({ ...common, projectName: i.projectName, value: i.value ?? i.text, unit: i.unit, standard: i.standard, passed: i.passed ? '合格' : '不合格' });
    }
  }
  return rows;
}

const VERDICTS: Record<string, boolean> = { 合格: true, 不合格: false, 无缺陷: true, 有缺陷: false };

/**
 * Imports test results: the rows of each cylinder become its test (through the transition engine, as at
 * the station). Every row is checked first; any bad row refuses the whole file with the row report.
 */
export async function importInspections(db: Kysely<DB>, buffer: Buffer, actor: Actor, dryRun: boolean): Promise<ImportResult> {
  const rows = await readSheet(buffer, INSPECTION_IMPORT_COLUMNS, 5000);
  if (rows.length === 0) throw new BusinessError('文件中没有数据行');
  return runImport(db, dryRun, async (trx) => {
    const errors: ImportRowError[] = [];
    const groups = new Map<string, { cylinder: LockedCylinder; items: InspectionResultInput[]; remark: string | null }>();
    const rowErrors = new Map<number, string[]>();
    const fail = (row: number, reason: string) => rowErrors.set(row, [...(rowErrors.get(row) ?? []), reason]);
    const parsed: Array<{ row: number; code: string; projectName: string; value: number | null; passed?: boolean; remark: string }> = [];
    for (const { row, values } of rows) {
      if (!values.code) fail(row, '气瓶编码不能为空');
      if (!values.projectName) fail(row, '检验项目不能为空');
      let value: number | null = null;
      if (values.value) {
        value = Number(values.value);
        if (!Number.isFinite(value)) fail(row, `检测值不是数字：${values.value}`);
      }
      const verdict = values.verdict ? VERDICTS[values.verdict] : undefined;
      if (values.verdict && verdict === undefined) fail(row, `是否合格应为“合格”或“不合格”：${values.verdict}`);
      parsed.push({ row, code: values.code, projectName: values.projectName, value, ...(verdict === undefined ? {} : { passed: verdict }), remark: values.remark });
    }
    // Per cylinder: its status and the projects of its gas, then the evaluation exactly as the station does it.
    const byCode = new Map<string, typeof parsed>();
    for (const p of parsed) if (p.code) byCode.set(p.code, [...(byCode.get(p.code) ?? []), p]);
    // One call moves several cylinders: lock them all at once in id order, as every such call does, so two
    // imports (or an import and a station) never wait on each other in a cycle.
    if (byCode.size) {
      await lockCodes(trx, [...byCode.keys()]);
    }
    for (const [code, list] of byCode) {
      const first = list[0]!.row;
      let cylinder;
      try {
        cylinder = await lockCylinder(trx, { code });
      } catch (e) {
        for (const p of list) fail(p.row, (e as Error).message);
        continue;
      }
      // The transition table's refusal (src/shared/cylinder/transitions.ts), as a scan at 检验 answers it.
      const refusal = stepRefusal(RULES.inspect, cylinder);
      if (refusal) {
        fail(first, refusal);
        continue;
      }
      const projects = await inspectionItemsOf(trx, cylinder.material_id);
      const items: InspectionResultInput[] = [];
      for (const p of list) {
        const project = projects.find((x) => x.projectName === p.projectName);
        if (!project) { fail(p.row, `检验项目「${p.projectName}」不是气瓶 ${code} 介质的项目`); continue; }
        items.push({ projectId: project.id, value: p.value, ...(p.passed === undefined ? {} : { passed: p.passed }) });
      }
      try {
        if (projects.length) evaluateInspection(projects, items, code);
      } catch (e) {
        fail(first, (e as Error).message);
        continue;
      }
      groups.set(code, { cylinder, items, remark: list.map((p) => p.remark).find(Boolean) ?? null });
    }
    for (const [row, reasons] of [...rowErrors].sort(([a], [b]) => a - b)) errors.push({ row, reasons });
    if (errors.length) throw new BusinessError(importReport(rows.length, errors));
    // Every row named a project of the gas, so each group has its items (a gas without projects was refused above).
    for (const [code, g] of groups) await runLocked(trx, inspect({ code, items: g.items, remark: g.remark }), g.cylinder, actor);
    return groups.size;
  });
}
