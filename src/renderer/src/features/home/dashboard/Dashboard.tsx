import { Grid, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '@shared/api/dashboard';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { periodRange } from '../links';
import { AttentionCard } from './AttentionCard';
import { CustomersCard } from './CustomersCard';
import { FillsCard } from './FillsCard';
import { OutputCard } from './OutputCard';
import { PassRateCard } from './PassRateCard';
import { StatusCard } from './StatusCard';
import { StockCard } from './StockCard';

/**
 * The home dashboard (issue 21, item 1): a period switch and the cards, each shown only to users holding
 * the key of the screen whose data it shows (the server refuses the others alike).
 */
export default function Dashboard() {
  const t = useT();
  const [period, setPeriod] = useScreenState<DashboardPeriod>('dashboard.period', '7d');
  const [from, to] = periodRange(period);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography color="text.secondary">{t('dash.period')}</Typography>
        <ToggleButtonGroup size="small" exclusive value={period} onChange={(_, v: DashboardPeriod | null) => v && setPeriod(v)} aria-label={t('dash.period')}>
          {DASHBOARD_PERIODS.map((p) => <ToggleButton key={p} value={p}>{t(`dash.period.${p}`)}</ToggleButton>)}
        </ToggleButtonGroup>
      </Stack>
      <Grid container spacing={2}>
        <HasPermission keys={['produce:view']}>
          <Grid size={{ xs: 12, lg: 6 }}><FillsCard period={period} /></Grid>
          <Grid size={{ xs: 12, lg: 6 }}><OutputCard period={period} from={from} to={to} /></Grid>
        </HasPermission>
        <HasPermission keys={['qualityFactory:view']}>
          <Grid size={{ xs: 12, lg: 6 }}><PassRateCard period={period} /></Grid>
        </HasPermission>
        <HasPermission keys={['product:view']}>
          <Grid size={{ xs: 12, lg: 6 }}><AttentionCard /></Grid>
          <Grid size={{ xs: 12, lg: 6 }}><StatusCard /></Grid>
        </HasPermission>
        <HasPermission keys={['stock:view']}>
          <Grid size={{ xs: 12, lg: 6 }}><StockCard /></Grid>
          <Grid size={{ xs: 12, lg: 6 }}><CustomersCard /></Grid>
        </HasPermission>
      </Grid>
    </Stack>
  );
}
