import { useMemo } from 'react';
import type { DueRow, InspectionRow } from '@shared/api/inspection';
import { AppDrawer } from '@renderer/components/AppDrawer';
import { PaginatedTable, type TableColumn } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { detectApi } from './detectApi';

/** 检验记录 of one cylinder, newest first as the server lists them. */
export function HistoryDrawer({ row, onClose }: { row: DueRow | null; onClose: () => void }) {
  const t = useT();
  const columns = useMemo<TableColumn<InspectionRow>[]>(() => [
    { field: 'inspectedOn', headerName: t('detect.inspectedOn'), width: 110 },
    { field: 'result', headerName: t('detect.result'), width: 80, valueFormatter: (v: number) => (v === 1 ? t('detect.pass') : t('detect.fail')) },
    { field: 'nextDate', headerName: t('detect.nextDate'), width: 110 },
    { field: 'agency', headerName: t('detect.inspector'), flex: 1 },
    { field: 'reportNo', headerName: t('detect.reportNo'), flex: 1 },
    { field: 'operator', headerName: t('detect.operator'), width: 90 },
  ], [t]);
  return (
    <AppDrawer open={!!row} title={t('detect.historyTitle', { code: row?.code ?? '' })} onCancel={onClose} footer={null} width="50%">
      {row && <PaginatedTable<InspectionRow> columns={columns} filters={{ cylinderId: row.id }} defaultPageSize={10} query={detectApi.useInspectionHistoryQuery} />}
    </AppDrawer>
  );
}
