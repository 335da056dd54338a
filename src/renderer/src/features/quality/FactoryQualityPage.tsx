import { useState } from 'react';
import { Alert, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { QUALITY, type CheckRow, type QualityFilter } from '@shared/api/quality';
import { ExportButton } from '@renderer/components/ListPage';
import { PageLoading } from '@renderer/components/PageLoading';
import { useT } from '@renderer/i18n/useT';
import { Bars, ChartCard, Figure, Figures, Lines } from './charts';
import { qualityApi } from './qualityApi';
import { defaultFilter, QualityFilterBar } from './QualityFilterBar';

const pct = (v: number | null) => (v === null ? '—' : `${v}%`);

function CheckTable({ title, rows, label }: { title: string; rows: CheckRow[]; label: string }) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: 1, minWidth: 420 }}>
      <Typography variant="subtitle2" gutterBottom>{title}</Typography>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            {[label, t('quality.testPass'), t('quality.testFail'), t('quality.testRate'), t('quality.reweighPass'), t('quality.reweighFail'), t('quality.reweighRate')]
              .map((h) => <TableCell key={h}>{h}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && <TableRow><TableCell colSpan={7} align="center">{t('common.noData')}</TableCell></TableRow>}
          {rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell>{r.name}</TableCell><TableCell>{r.testPass}</TableCell><TableCell>{r.testFail}</TableCell><TableCell>{pct(r.testRate)}</TableCell>
              <TableCell>{r.reweighPass}</TableCell><TableCell>{r.reweighFail}</TableCell><TableCell>{pct(r.reweighRate)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** 出厂质量: inspections and re-weighs per gas and operator, pass rates, failure reasons and analysis decisions over time. */
export default function FactoryQualityPage() {
  const t = useT();
  const [filter, setFilter] = useState<QualityFilter>(defaultFilter);
  const checks = qualityApi.useCheckCountQuery(filter);
  const analysis = qualityApi.useProductAnalysisQuery(filter);
  const decisionName = (d: number) => (d === 2 ? t('quality.toStock') : d === 3 ? t('quality.toFilling') : t('quality.scrapped'));
  const total = checks.data?.total;
  return (
    <Stack spacing={1.5} sx={{ p: 1.5 }}>
      <QualityFilterBar value={filter} onApply={setFilter} fields={['material', 'operator']}
        actions={<ExportButton endpoint={QUALITY.factoryExport} arg={filter} permission="qualityFactory:export" />} />
      {(checks.isError || analysis.isError) && <Alert severity="error">{t('quality.loadFailed')}</Alert>}
      {(checks.isFetching && !checks.data) ? <PageLoading /> : total && (
        <Figures>
          <Figure label={t('quality.testPass')} value={total.testPass} testId="quality-testPass" />
          <Figure label={t('quality.testFail')} value={total.testFail} testId="quality-testFail" />
          <Figure label={t('quality.testRate')} value={pct(total.testRate)} />
          <Figure label={t('quality.reweighPass')} value={total.reweighPass} testId="quality-reweighPass" />
          <Figure label={t('quality.reweighFail')} value={total.reweighFail} testId="quality-reweighFail" />
          <Figure label={t('quality.reweighRate')} value={pct(total.reweighRate)} />
        </Figures>
      )}
      {analysis.data && (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <ChartCard title={t('quality.overTime')} empty={analysis.data.byPeriod.length === 0}>
            <Lines data={analysis.data.byPeriod} x="period" series={[
              { key: 'testPass', label: t('quality.testPass') }, { key: 'testFail', label: t('quality.testFail') },
              { key: 'reweighPass', label: t('quality.reweighPass') }, { key: 'reweighFail', label: t('quality.reweighFail') }]} />
          </ChartCard>
          <ChartCard title={t('quality.decisions')} empty={analysis.data.byPeriod.every((p) => p.toStock + p.toFilling + p.scrapped === 0)}>
            <Bars stacked data={analysis.data.byPeriod} x="period" series={[
              { key: 'toStock', label: t('quality.toStock') }, { key: 'toFilling', label: t('quality.toFilling') }, { key: 'scrapped', label: t('quality.scrapped') }]} />
          </ChartCard>
          <ChartCard title={t('quality.reasons')} empty={analysis.data.reasons.length === 0}>
            <Bars data={analysis.data.reasons.map((r) => ({ ...r, label: `${r.kind === 'test' ? t('quality.test') : t('quality.reweigh')}·${r.reason}` }))}
              x="label" series={[{ key: 'n', label: t('quality.count') }]} />
          </ChartCard>
        </Stack>
      )}
      {checks.data && (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <CheckTable title={t('quality.byGas')} rows={checks.data.byGas} label={t('quality.gas')} />
          <CheckTable title={t('quality.byOperator')} rows={checks.data.byOperator} label={t('quality.operator')} />
        </Stack>
      )}
      {analysis.data && analysis.data.decisions.length > 0 && (
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="subtitle2" gutterBottom>{t('quality.decisions')}</Typography>
          <Table size="small" aria-label={t('quality.decisions')}>
            <TableHead><TableRow><TableCell>{t('quality.decision')}</TableCell><TableCell>{t('quality.reason')}</TableCell><TableCell>{t('quality.count')}</TableCell></TableRow></TableHead>
            <TableBody>
              {analysis.data.decisions.map((d) => (
                <TableRow key={`${d.decision}-${d.reason}`}><TableCell>{decisionName(d.decision)}</TableCell><TableCell>{d.reason}</TableCell><TableCell>{d.n}</TableCell></TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
