import { REPORT_KEYS, type ReportKey } from '@shared/api/setting';
import type { DataSourceKind } from '@shared/dataSources';
import type { FieldOption } from '@renderer/components/Form';

/** What each named report is filled from: the order's two documents from the order, 产品合格证 from a lot. */
export const REPORT_SOURCE: Record<ReportKey, DataSourceKind> = {
  QUALITY_CERTIFICATE: 'OUTBOUND_ORDER',
  ACCOMPANYING_LIST: 'OUTBOUND_ORDER',
  GRAIN_FORMULA_PACKAGE_GP_PROCESS_RECORD: 'LOT',
};

export const isReportKey = (key: string): key is ReportKey => key in REPORT_KEYS;

/** The report's Chinese name (质量证明书), or the plant's own code as it is. */
export const reportName = (key: string): string => (isReportKey(key) ? REPORT_KEYS[key] : key);

export const REPORT_OPTIONS: FieldOption[] = Object.entries(REPORT_KEYS).map(([value, label]) => ({ value, label }));

/** A template file is a Word document: the name ends in .docx. */
export const isDocx = (name: string): boolean => /\.docx$/i.test(name);
