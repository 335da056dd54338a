import type { FieldOption } from '@renderer/components/Form';
import type { LabelContent } from '@shared/api/setting';

/** The choices of a label's properties (SPEC 9: dpi 203 and direction 0 by default). */
export const LANG_OPTIONS: FieldOption[] = [{ label: 'TSPL（TSC）', value: 'tspl' }, { label: 'ZPL（Zebra）', value: 'zpl' }];
export const DPI_OPTIONS: FieldOption[] = [203, 300, 600].map((v) => ({ label: String(v), value: v }));
export const DIRECTION_OPTIONS: FieldOption[] = [{ label: '0', value: 0 }, { label: '1', value: 1 }];

/** A new label: 60 × 40 mm, 203 dpi, direction 0, TSPL, nothing on it yet. */
export const NEW_LABEL: LabelContent = { width: 60, height: 40, dpi: 203, direction: 0, lang: 'tspl', details: [] };
