import { useNavigate } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Stack, Typography } from '@mui/material';
import type { DashboardPeriod } from '@shared/api/dashboard';
import { useT } from '@renderer/i18n/useT';
import { dashboardApi } from '../dashboardApi';
import { bucketRange, testRecordsLink } from '../links';
import { ChartCard } from './ChartCard';
import { colorAt } from './colors';

const pct = (pass: number, fail: number) => (pass + fail === 0 ? null : Math.round((pass * 1000) / (pass + fail)) / 10);

/** 检验与复秤合格率 per day (month), and over the period; a bar opens that day's inspection records. */
export function PassRateCard({ period }: { period: DashboardPeriod }) {
  const t = useT();
  const navigate = useNavigate();
  const q = dashboardApi.usePassRatesQuery({ period });
  const d = q.data;
  const rows = (d?.buckets ?? []).map((bucket, i) => {
    const p = d!.points[i]!;
    return { bucket, test: pct(p.testPass, p.testFail), reweigh: pct(p.reweighPass, p.reweighFail) };
  });
  const open = (p: { payload?: { bucket?: string } }) => {
    if (!p.payload?.bucket) return;
    const [from, to] = bucketRange(p.payload.bucket);
    void navigate(testRecordsLink(from, to));
  };
  const rate = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v}%`);
  return (
    <ChartCard title={t('dash.passRate')} testId="card-pass-rate" state={q} empty={!d || (d.testRate === null && d.reweighRate === null)}
      extra={d && (
        <Stack direction="row" spacing={2}>
          <Typography variant="body2" data-testid="test-rate">{t('dash.testRate')} {rate(d.testRate)}</Typography>
          <Typography variant="body2" data-testid="reweigh-rate">{t('dash.reweighRate')} {rate(d.reweighRate)}</Typography>
        </Stack>
      )}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="bucket" fontSize={12} />
          <YAxis domain={[0, 100]} unit="%" fontSize={12} />
          <Tooltip />
          <Legend />
          <Bar dataKey="test" name={t('dash.testRate')} fill={colorAt(1)} cursor="pointer" onClick={open} />
          <Bar dataKey="reweigh" name={t('dash.reweighRate')} fill={colorAt(2)} cursor="pointer" onClick={open} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
