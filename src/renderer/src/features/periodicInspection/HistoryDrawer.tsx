import { useMemo } from 'react';
import type { DueRow, PeriodicInspectionRow } from '@shared/api/periodicInspection';
import { AppDrawer } from '@renderer/components/AppDrawer';
import { PaginatedTable, type TableColumn } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { periodicInspectionApi } from './periodicInspectionApi';

/** 检验记录 of one cylinder, newest first as the server lists them. */
export function HistoryDrawer({ row, onClose }: { row: DueRow | null; onClose: () => void }) {
  const t = useT();
  const columns = useMemo<TableColumn<PeriodicInspectionRow>[]>(() => [
    { field: 'inspectedOn', headerName: t('periodicInspection.inspectedOn'), width: 110 },
    { field: 'result', headerName: t('periodicInspection.result'), width: 80, valueFormatter: (v: number) => (v === 1 ? t('periodicInspection.pass') : t('periodicInspection.fail')) },
    { field: 'nextDate', headerName: t('periodicInspection.nextDate'), width: 110 },
    { field: 'agency', headerName: t('periodicInspection.inspector'), flex: 1 },
    { field: 'reportNo', headerName: t('periodicInspection.reportNo'), flex: 1 },
    { field: 'operator', headerName: t('periodicInspection.operator'), width: 90 },
  ], [t]);
  return (
    <AppDrawer open={!!row} title={t('periodicInspection.historyTitle', { code: row?.code ?? '' })} onCancel={onClose} footer={null} width="50%">
      {row && <PaginatedTable<PeriodicInspectionRow> columns={columns} filters={{ cylinderId: row.id }} defaultPageSize={10} query={periodicInspectionApi.useInspectionHistoryQuery} />}
    </AppDrawer>
  );
}
