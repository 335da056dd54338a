import { useMemo, useState } from 'react';
import { Alert, Stack } from '@mui/material';
import { QUALITY, type DeliveryRow, type QualityFilter } from '@shared/api/quality';
import { ExportButton } from '@renderer/components/ListPage';
import { PaginatedTable, type TableColumn } from '@renderer/components/PaginatedTable';
import { PageLoading } from '@renderer/components/PageLoading';
import { useT } from '@renderer/i18n/useT';
import { Bars, ChartCard, Figure, Figures, Lines } from './charts';
import { qualityApi } from './qualityApi';
import { defaultFilter, QualityFilterBar } from './QualityFilterBar';

/** Top customers drawn in the chart (all are in the export). */
const CHART_CUSTOMERS = 15;

/** 客户质量: cylinders shipped to and returned by customers over a period, and behind each shipment its fill and checks. */
export default function CustomerQualityPage() {
  const t = useT();
  const [filter, setFilter] = useState<QualityFilter>(defaultFilter);
  const { data, isFetching, isError } = qualityApi.useDeliveryCountQuery(filter);
  const columns = useMemo<TableColumn<DeliveryRow>[]>(() => [
    { field: 'orderNo', headerName: t('quality.orderNo'), width: 150 },
    { field: 'shippedAt', headerName: t('quality.shippedAt'), width: 160 },
    { field: 'customerName', headerName: t('quality.customer'), width: 140 },
    { field: 'code', headerName: t('quality.code'), width: 130 },
    { field: 'materialName', headerName: t('quality.gas'), width: 100 },
    { field: 'specification', headerName: t('quality.spec'), width: 90 },
    { field: 'lotNo', headerName: t('quality.lotNo'), width: 130 },
    { field: 'filled', headerName: t('quality.filled'), width: 100, sortable: false,
      valueGetter: (_v, r) => (r.filledWeight !== null ? `${r.filledWeight} kg` : r.filledPressure !== null ? `${r.filledPressure} MPa` : '') },
    { field: 'filledAt', headerName: t('quality.filledAt'), width: 160 },
    { field: 'filler', headerName: t('quality.filler'), width: 100 },
    { field: 'testResult', headerName: t('quality.test'), width: 90,
      valueGetter: (_v, r) => (r.testResult === null ? '' : r.testResult === 1 ? t('quality.pass') : t('quality.fail')) },
    { field: 'reweigh', headerName: t('quality.reweigh'), width: 130, sortable: false,
      valueGetter: (_v, r) => (r.reweighNet === null ? '' : `${r.reweighNet} kg ${r.reweighPassed ? t('quality.pass') : t('quality.outOfTolerance')}`) },
  ], [t]);
  const series = [{ key: 'delivered', label: t('quality.delivered') }, { key: 'recovered', label: t('quality.recovered') }];
  return (
    <Stack spacing={1.5} sx={{ p: 1.5 }}>
      <QualityFilterBar value={filter} onApply={setFilter} fields={['material', 'customer', 'operator']}
        actions={<ExportButton endpoint={QUALITY.deliveryExport} arg={filter} permission="qualityCustomer:export" />} />
      {isError && <Alert severity="error">{t('quality.loadFailed')}</Alert>}
      {isFetching && !data ? <PageLoading /> : data && (
        <>
          <Figures>
            <Figure label={t('quality.delivered')} value={data.delivered} testId="quality-delivered" />
            <Figure label={t('quality.recovered')} value={data.recovered} testId="quality-recovered" />
            <Figure label={t('quality.customers')} value={data.customers} testId="quality-customers" />
          </Figures>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <ChartCard title={t('quality.byCustomer')} empty={data.byCustomer.length === 0}>
              <Bars data={data.byCustomer.slice(0, CHART_CUSTOMERS)} x="name" series={series} />
            </ChartCard>
            <ChartCard title={t('quality.overTime')} empty={data.byPeriod.length === 0}>
              <Lines data={data.byPeriod} x="period" series={series} />
            </ChartCard>
          </Stack>
        </>
      )}
      <PaginatedTable<DeliveryRow> query={qualityApi.useDeliveryDetailListQuery} columns={columns} filters={filter}
        getRowId={(r) => r.traceId} defaultPageSize={15} testId="quality-detail" />
    </Stack>
  );
}
