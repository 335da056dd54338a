import type { InspectionItemInput, InspectionItemRow } from '@shared/api/inspectionItem';
import type { TableColumn, TableRow } from '@renderer/components/TableForm';
import type { MessageKey } from '@renderer/i18n/messages';

type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

const num = (v: unknown): number | null => (v === '' || v === null || v === undefined || Number.isNaN(Number(v)) ? null : Number(v));
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The inspection items' columns: name, method, standard range or text, unit, required; delete and reorder. */
export function inspectionItemColumns(t: Translate): TableColumn[] {
  const label = (key: MessageKey) => t(key);
  return [
    { key: 'index', label: '', type: 'index', width: 50 },
    { key: 'projectName', label: label('inspectionItem.projectName'), type: 'text', maxlength: 64, rule: [{ required: true, message: t('widget.ruleRequiredInput', { label: label('inspectionItem.projectName') }) }] },
    { key: 'method', label: label('inspectionItem.method'), type: 'text', maxlength: 128 },
    { key: 'standardMin', label: label('inspectionItem.standardMin'), type: 'number', decimal: 4, width: 120 },
    {
      key: 'standardMax', label: label('inspectionItem.standardMax'), type: 'number', decimal: 4, width: 120,
      rule: [{ validator: (v: unknown, row: TableRow) => { const lo = num(row.standardMin); const hi = num(v); return lo === null || hi === null || lo <= hi; }, message: t('inspectionItem.rangeOrder') }],
    },
    { key: 'standardText', label: label('inspectionItem.standardText'), type: 'text', maxlength: 128 },
    { key: 'unit', label: label('inspectionItem.unit'), type: 'text', maxlength: 16, width: 90 },
    { key: 'required', label: label('inspectionItem.required'), type: 'switch', activeValue: true, inactiveValue: false, defaultValue: true, width: 70 },
    { key: 'ops', label: t('common.actions'), type: 'operation', buttons: ['delete', 'up', 'down'] },
  ];
}

/** Saved items as table rows. */
export const toRows = (items: InspectionItemRow[]): Partial<TableRow>[] => [...items].sort((a, b) => a.sort - b.sort).map((i) => ({ ...i }));

/**
 * Table rows as the save body's items, in table order (the order is the inspection order). An open end of
 * the range is left out, not sent as null: the server's validator coerces a null number to 0.
 */
export function toInputs(rows: TableRow[]): InspectionItemInput[] {
  return rows.map((r) => {
    const min = num(r.standardMin);
    const max = num(r.standardMax);
    return {
      ...(typeof r.id === 'number' ? { id: r.id } : {}),
      projectName: String(r.projectName ?? '').trim(),
      method: text(r.method),
      ...(min !== null ? { standardMin: min } : {}),
      ...(max !== null ? { standardMax: max } : {}),
      standardText: text(r.standardText),
      unit: text(r.unit),
      required: r.required === true,
    };
  });
}
