import type { LabelJob } from '../devices';
import type { LabelContent } from '../api/setting';

export interface LabelTarget {
  /** A printer name configured on the workstation, or an address such as tcp://10.0.0.5:9100?lang=zpl. */
  printer: string;
  /** Copies (printNum), 1 when absent. */
  copies?: number;
}

/**
 * The print job of a label template filled with one subject's data (a cylinder's, for the CYLINDER source):
 * pure, so the stations, 补打, the designer's 测试打印 and a station working offline with what it knows all
 * build the same job. Placeholders stay in `details` and are resolved by the layout the drivers share.
 */
export function labelJobOf(template: LabelContent, data: unknown, target: LabelTarget): LabelJob {
  return {
    printer: target.printer,
    printNum: target.copies ?? 1,
    dpi: template.dpi,
    direction: template.direction,
    width: template.width,
    height: template.height,
    details: template.details.map((d) => ({ ...d })),
    data,
  };
}
