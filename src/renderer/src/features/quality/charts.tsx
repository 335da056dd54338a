import { Box, Paper, Stack, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useT } from '@renderer/i18n/useT';

const COLORS = ['#1976d2', '#9c27b0', '#2e7d32', '#ed6c02', '#d32f2f', '#0288d1', '#6d4c41'];

export interface Series { key: string; label: string }

/** A titled card with a chart, or 暂无数据 when there is nothing to draw. */
export function ChartCard({ title, empty, children }: { title: string; empty: boolean; children: React.ReactElement }) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: 1, minWidth: 320 }}>
      <Typography variant="subtitle2" gutterBottom>{title}</Typography>
      {empty ? <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>{t('common.noData')}</Typography>
        : <Box sx={{ height: 260 }}><ResponsiveContainer width="100%" height="100%">{children}</ResponsiveContainer></Box>}
    </Paper>
  );
}

export function Bars<R extends object>({ data, x, series, stacked }: { data: R[]; x: string; series: Series[]; stacked?: boolean }) {
  return (
    <BarChart data={data}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey={x} />
      <YAxis allowDecimals={false} />
      <Tooltip />
      <Legend />
      {series.map((s, i) => <Bar key={s.key} dataKey={s.key} name={s.label} fill={COLORS[i % COLORS.length]} {...(stacked ? { stackId: 'a' } : {})} />)}
    </BarChart>
  );
}

export function Lines<R extends object>({ data, x, series }: { data: R[]; x: string; series: Series[] }) {
  return (
    <LineChart data={data}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey={x} />
      <YAxis allowDecimals={false} />
      <Tooltip />
      <Legend />
      {series.map((s, i) => <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={COLORS[i % COLORS.length]} />)}
    </LineChart>
  );
}

/** A figure with its label, as the totals row shows it. */
export function Figure({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1, minWidth: 140 }}>
      <Typography variant="caption" color="text.secondary">{label}</Typography>
      <Typography variant="h5" data-testid={testId}>{value}</Typography>
    </Paper>
  );
}

export const Figures = ({ children }: { children: React.ReactNode }) => <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>{children}</Stack>;
