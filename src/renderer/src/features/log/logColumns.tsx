import { Typography } from '@mui/material';
import type { LogRow } from '@shared/api/log';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import type { useT } from '@renderer/i18n/useT';

type T = ReturnType<typeof useT>;

/** 成功 for envelope code 0; 失败 with the code (-1 refused, 401/403/500…) otherwise. */
export const resultLabel = (t: T, code: number | null): string =>
  code === 0 ? t('log.success') : code === null ? t('log.failure') : t('log.failureCode', { code });

/** The columns of a log row, shared by 操作日志 and the log drawer of 接口日志设置 (which sorts by time only). */
export function logColumns(t: T, opts: { sortByDuration?: boolean } = {}): TableColumn<LogRow>[] {
  return [
    { field: 'createdAt', headerName: t('log.time'), width: 145, sortable: true },
    { field: 'userName', headerName: t('log.user'), width: 90 },
    { field: 'ip', headerName: t('log.ip'), width: 110 },
    { field: 'moduleName', headerName: t('log.module'), width: 80 },
    // 操作 in words (新增用户, 充装); a row of a path no route serves any more has none: its path says what it was.
    { field: 'operation', headerName: t('log.summary'), flex: 1, minWidth: 100, valueGetter: (v: string | null) => v ?? '—' },
    { field: 'method', headerName: t('log.method'), width: 60 },
    { field: 'path', headerName: t('log.pathShort'), flex: 1.2, minWidth: 120 },
    {
      field: 'code', headerName: t('log.result'), width: 70,
      renderCell: ({ row }) => (
        <Typography variant="body2" component="span" color={row.code === 0 ? 'success.main' : 'error.main'}>{resultLabel(t, row.code)}</Typography>
      ),
    },
    { field: 'durationMs', headerName: t('log.duration'), width: 70, sortable: opts.sortByDuration ?? true, valueFormatter: (v: number) => t('log.durationMs', { ms: v }) },
  ];
}
