import { useNavigate } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardPeriod } from '@shared/api/dashboard';
import { useT } from '@renderer/i18n/useT';
import { dashboardApi } from '../dashboardApi';
import { fillRecordsLink } from '../links';
import { ChartCard } from './ChartCard';
import { colorAt } from './colors';

/** 产量: fills (and kg for gases filled by weight) by gas and specification; a bar opens the period's fill records of that gas. */
export function OutputCard({ period, from, to }: { period: DashboardPeriod; from: string; to: string }) {
  const t = useT();
  const navigate = useNavigate();
  const q = dashboardApi.useOutputBySpecQuery({ period });
  const rows = (q.data?.rows ?? []).map((r) => ({ ...r, label: `${r.materialName ?? r.materialId} ${r.specification}`.trim() }));
  const open = (p: { payload?: { materialId?: number } }) => void navigate(fillRecordsLink(from, to, p.payload?.materialId));
  return (
    <ChartCard title={t('dash.output')} testId="card-output" state={q} empty={rows.length === 0}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout="vertical" margin={{ left: 24 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" fontSize={12} />
          <YAxis type="category" dataKey="label" width={110} fontSize={12} />
          <Tooltip />
          <Legend />
          <Bar dataKey="fills" name={t('dash.fillsUnit')} fill={colorAt(0)} cursor="pointer" onClick={open} />
          {rows.some((r) => r.kg !== null) && <Bar dataKey="kg" name={t('dash.kg')} fill={colorAt(2)} cursor="pointer" onClick={open} />}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
