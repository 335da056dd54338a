import { Grid } from '@mui/material';
import { STATUS } from '@shared/lifecycle';
import { useT } from '@renderer/i18n/useT';
import { usePermission } from '@renderer/permission/permission';
import { dashboardApi } from '../dashboardApi';
import { cylindersLink, dueLink, openOrdersLink } from '../links';
import { ChartCard } from './ChartCard';
import { Figure } from './Figure';

/** 今日待办: inspections due and overdue, cylinders waiting for analysis, open outbound orders; each opens its list. */
export function AttentionCard() {
  const t = useT();
  const q = dashboardApi.useStatusesNowQuery();
  const a = q.data?.attention;
  const canDetect = usePermission(['detect:view']);
  const canOutbound = usePermission(['outbound:view']);
  const figures = a ? [
    canDetect && { label: t('dash.due', { days: a.dueDays }), value: a.due, to: dueLink(a.dueDays), testId: 'fig-due', warn: false },
    canDetect && { label: t('dash.overdue'), value: a.overdue, to: dueLink(a.dueDays, true), testId: 'fig-overdue', warn: a.overdue > 0 },
    { label: t('dash.analyze'), value: a.analyze, to: cylindersLink(STATUS.analyze), testId: 'fig-analyze', warn: a.analyze > 0 },
    canOutbound && { label: t('dash.openOutbound'), value: a.openOutbound, to: openOrdersLink(), testId: 'fig-open-outbound', warn: false },
  ].filter((f) => f !== false) : [];
  return (
    <ChartCard title={t('dash.attention')} testId="card-attention" state={q} empty={false}>
      <Grid container spacing={2}>
        {figures.map((f) => (
          <Grid key={f.testId} size={6}>
            <Figure label={f.label} value={f.value} to={f.to} testId={f.testId} color={f.warn ? 'error.main' : undefined} />
          </Grid>
        ))}
      </Grid>
    </ChartCard>
  );
}
