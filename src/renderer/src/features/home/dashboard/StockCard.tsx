import { useNavigate } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { statusName } from '@shared/lifecycle';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { dashboardApi } from '../dashboardApi';
import { cylindersLink } from '../links';
import { ChartCard } from './ChartCard';
import { statusColor } from '@renderer/utils/productStatus';

/** 仓库库存: cylinders in each warehouse, a stacked bar per status; a segment opens the cylinder list of that warehouse and status. */
export function StockCard() {
  const t = useT();
  const lang = useLanguage();
  const navigate = useNavigate();
  const q = dashboardApi.useStockByWarehouseQuery();
  const list = q.data?.rows ?? [];
  const statuses = [...new Set(list.map((r) => r.status))].sort((a, b) => a - b);
  const warehouses = [...new Map(list.map((r) => [r.warehouseId, r.warehouseName ?? String(r.warehouseId)]))];
  const rows = warehouses.map(([warehouseId, name]) => ({
    warehouseId, name, ...Object.fromEntries(list.filter((r) => r.warehouseId === warehouseId).map((r) => [`s${r.status}`, r.count])),
  }));
  return (
    <ChartCard title={t('dash.stock')} testId="card-stock" state={q} empty={rows.length === 0}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="name" fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} />
          <Tooltip />
          <Legend />
          {statuses.map((s) => (
            <Bar key={s} dataKey={`s${s}`} name={statusName(s, lang === 'en' ? 'en' : 'zh')} stackId="stock" fill={statusColor(s)} cursor="pointer"
              onClick={(p: { payload?: { warehouseId?: number } }) => void navigate(cylindersLink(s, p.payload?.warehouseId))} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
