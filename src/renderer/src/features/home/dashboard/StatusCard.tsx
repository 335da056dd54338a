import { useNavigate } from 'react-router-dom';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { statusName } from '@shared/lifecycle';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { dashboardApi } from '../dashboardApi';
import { cylindersLink } from '../links';
import { ChartCard } from './ChartCard';
import { statusColor } from '@renderer/utils/productStatus';

/** 气瓶状态: the cylinders by status now; a slice opens the cylinder list of that status. */
export function StatusCard() {
  const t = useT();
  const lang = useLanguage();
  const navigate = useNavigate();
  const q = dashboardApi.useStatusesNowQuery();
  const rows = (q.data?.statuses ?? []).map((s) => ({ ...s, name: statusName(s.status, lang === 'en' ? 'en' : 'zh') }));
  return (
    <ChartCard title={t('dash.statuses')} testId="card-statuses" state={q} empty={rows.length === 0}>
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie data={rows} dataKey="count" nameKey="name" innerRadius="45%" outerRadius="80%" cursor="pointer"
            onClick={(p: { payload?: { status?: number } }) => p.payload?.status !== undefined && void navigate(cylindersLink(p.payload.status))}>
            {rows.map((r) => <Cell key={r.status} fill={statusColor(r.status)} />)}
          </Pie>
          <Tooltip />
          <Legend layout="vertical" align="right" verticalAlign="middle" />
        </PieChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
