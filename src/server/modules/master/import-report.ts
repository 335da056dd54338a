import type { ImportRowError } from '@shared/api/enterprise';

/** How many bad rows the message lists before "…"; the count always covers all of them. */
const LISTED = 50;

/** The -1 message of a refused import: every bad row with its reasons; nothing was imported. */
export function importReport(total: number, errors: ImportRowError[]): string {
  const lines = errors.slice(0, LISTED).map((e) => `第 ${e.row} 行：${e.reasons.join('；')}`);
  if (errors.length > LISTED) lines.push(`……另有 ${errors.length - LISTED} 行有误`);
  return `导入失败，未导入任何数据：共 ${total} 行，其中 ${errors.length} 行有误\n${lines.join('\n')}`;
}
