import { useNavigate } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Box, Stack } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import { dashboardApi } from '../dashboardApi';
import { holdingsLink } from '../links';
import { ChartCard } from './ChartCard';
import { colorAt } from './colors';
import { Figure } from './Figure';

/** 客户处气瓶: how many are out, how many too long, and the largest holders; each opens the holdings list so filtered. */
export function CustomersCard() {
  const t = useT();
  const navigate = useNavigate();
  const q = dashboardApi.useAtCustomersQuery();
  const d = q.data;
  return (
    <ChartCard title={t('dash.customers')} testId="card-customers" state={q} empty={!d || d.total === 0}>
      {d && (
        <Stack direction="row" spacing={2} sx={{ height: '100%' }}>
          <Stack spacing={2} sx={{ width: 140, flex: 'none' }}>
            <Figure label={t('dash.atCustomers')} value={d.total} to={holdingsLink()} testId="fig-at-customers" />
            <Figure label={t('dash.longOut', { days: d.longOutDays })} value={d.longOut} to={holdingsLink(undefined, true)} testId="fig-long-out"
              color={d.longOut > 0 ? 'error.main' : undefined} />
          </Stack>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={d.top} layout="vertical" margin={{ left: 16 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" allowDecimals={false} fontSize={12} />
                <YAxis type="category" dataKey="customerName" width={90} fontSize={12} />
                <Tooltip />
                <Bar dataKey="count" name={t('dash.topHolders')} fill={colorAt(4)} cursor="pointer"
                  onClick={(p: { payload?: { customerId?: number } }) => void navigate(holdingsLink(p.payload?.customerId))} />
              </BarChart>
            </ResponsiveContainer>
          </Box>
        </Stack>
      )}
    </ChartCard>
  );
}
