import { useNavigate } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Typography } from '@mui/material';
import type { DashboardPeriod } from '@shared/api/dashboard';
import { useT } from '@renderer/i18n/useT';
import { dashboardApi } from '../dashboardApi';
import { bucketRange, fillRecordsLink } from '../links';
import { ChartCard } from './ChartCard';
import { colorAt } from './colors';

/** 每日充装: fills per day (month for 12m), a stacked bar per gas; a bar opens that day's fill records of that gas. */
export function FillsCard({ period }: { period: DashboardPeriod }) {
  const t = useT();
  const navigate = useNavigate();
  const q = dashboardApi.useFillsByDayQuery({ period });
  const d = q.data;
  const rows = (d?.buckets ?? []).map((bucket, i) => ({
    bucket, ...Object.fromEntries((d?.series ?? []).map((s) => [`g${s.materialId}`, s.values[i] ?? 0])),
  }));
  const open = (bucket: string, materialId?: number) => {
    const [from, to] = bucketRange(bucket);
    void navigate(fillRecordsLink(from, to, materialId));
  };
  return (
    <ChartCard title={t('dash.fills')} testId="card-fills" state={q} empty={!d || d.total === 0}
      extra={d && <Typography variant="body2" color="text.secondary" data-testid="fills-total">{t('dash.fillsTotal', { n: d.total })}</Typography>}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="bucket" fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} />
          <Tooltip />
          <Legend />
          {(d?.series ?? []).map((s, i) => (
            <Bar key={s.materialId} dataKey={`g${s.materialId}`} name={s.materialName ?? String(s.materialId)} stackId="fills"
              fill={colorAt(i)} cursor="pointer" onClick={(p: { payload?: { bucket?: string } }) => p.payload?.bucket && open(p.payload.bucket, s.materialId)} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
