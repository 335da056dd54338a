import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import dayjs from 'dayjs';
import { Box, Button, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { STATUS } from '@shared/lifecycle';
import type { CycleInfo, TraceInfo } from '@shared/api/production';
import { ScanInput } from '@renderer/components/ScanInput';
import { productionApi } from '@renderer/features/production';
import { failureOf } from '@renderer/stations/scan';
import { readScan } from '@renderer/stations/scanText';
import { ownerLabel } from '@renderer/utils/productStatus';
import { StatusChip } from '@renderer/features/product';
import { useScreenState } from '@renderer/hooks/useScreenState';
import type { Language } from '@renderer/i18n/i18n';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { placeText } from '@shared/cylinder/place';
import type { MessageKey } from '@renderer/i18n/messages';
import { HasPermission } from '@renderer/permission/Permission';
import { Timeline } from './Timeline';
import { AnalyseDialog, VacuumDialog } from './TraceDialogs';

type Cylinder = TraceInfo['cylinder'];
const FIELDS: [keyof Cylinder, MessageKey][] = [
  ['materialName', 'trace.material'], ['specification', 'trace.specification'], ['ownerName', 'trace.owner'], ['steelStamp', 'trace.steelStamp'],
  ['manufactureDate', 'trace.manufactureDate'], ['lastInspectionDate', 'trace.lastInspection'], ['nextInspectionDate', 'trace.nextInspection'],
  ['tareWeight', 'trace.tare'], ['place', 'trace.location'], ['lastFilledAt', 'trace.lastFilled'],
  ['cycles', 'trace.cycles'],
];
const day = (at: string | null) => (at ? dayjs(at).format('YYYY-MM-DD') : '');
const VACUUM_FROM: number[] = [STATUS.recovery, STATUS.analyze, STATUS.stock];

/** Where it is now: the place in words, with the warehouse, customer or order it names. */
const whereText = (lang: Language, c: Cylinder): string => placeText(c, lang === 'en' ? 'en' : 'zh');

function CylinderCard({ cylinder, onVacuum, onAnalyse }: { cylinder: Cylinder; onVacuum: () => void; onAnalyse: () => void }) {
  const t = useT();
  const lang = useLanguage();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} aria-label={t('trace.card')} role="region">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">{cylinder.code}</Typography>
        <StatusChip data-testid="cylinder-status" status={cylinder.status} />
        <Box sx={{ flex: 1 }} />
        {VACUUM_FROM.includes(cylinder.status) && (
          <HasPermission keys={['trace:vacuum']}>
            <Button variant="outlined" onClick={onVacuum}>{t('trace.vacuum')}</Button>
          </HasPermission>
        )}
        {cylinder.status === STATUS.analyze && (
          <HasPermission keys={['trace:analyse']}>
            <Button variant="contained" color="warning" onClick={onAnalyse}>{t('trace.analyse')}</Button>
          </HasPermission>
        )}
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, max-content minmax(0, 1fr))', columnGap: 1.5, rowGap: 0.5, fontSize: 14 }}>
        {FIELDS.map(([key, label]) => [
          <Typography key={`${key}-l`} variant="body2" color="text.secondary">{t(label)}</Typography>,
          <Typography key={`${key}-v`} variant="body2" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {key === 'place' ? whereText(lang, cylinder) : key === 'ownerName' ? ownerLabel(t, cylinder.ownerName) : String(cylinder[key] ?? '—')}
          </Typography>,
        ])}
      </Box>
    </Paper>
  );
}

function Cycles({ cycles }: { cycles: CycleInfo[] }) {
  const t = useT();
  if (!cycles.length) return <Typography variant="body2" color="text.secondary">{t('common.noData')}</Typography>;
  const cell = (at: string | null) => <TableCell title={at ?? undefined}>{day(at)}</TableCell>;
  return (
    <Table size="small" aria-label={t('trace.cycleTable')}>
      <TableHead>
        <TableRow>
          {(['trace.cycleNo', 'trace.filledAt', 'trace.lotNo', 'trace.material', 'trace.testedAt', 'trace.reweighedAt', 'trace.stockedAt', 'trace.shippedAt', 'trace.customer', 'trace.returnedAt'] as MessageKey[])
            .map((k) => <TableCell key={k}>{t(k)}</TableCell>)}
        </TableRow>
      </TableHead>
      <TableBody>
        {cycles.map((c) => (
          <TableRow key={c.no}>
            <TableCell>{c.no}</TableCell>
            {cell(c.filledAt)}
            <TableCell>{c.lotNo ?? ''}</TableCell>
            <TableCell>{c.materialName ?? ''}</TableCell>
            {cell(c.testedAt)}
            {cell(c.reweighedAt)}
            {cell(c.stockedAt)}
            {cell(c.shippedAt)}
            <TableCell>{c.customer ?? ''}</TableCell>
            {cell(c.returnedAt)}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * 追溯查询: a scanned or typed code → the cylinder's card, its timeline (every event, rollbacks included)
 * and its fill-to-return cycles; 抽真空 and 分析处理 where its status allows them, 备注 on any event.
 */
export default function TracePage() {
  const t = useT();
  const [code, setCode] = useScreenState<string | null>('code', null);
  // A link from another screen (a statement's line: ?code=…&event=…) opens that cylinder at that event.
  const [params] = useSearchParams();
  const linked = params.get('code');
  const linkedEvent = Number(params.get('event')) || null;
  useEffect(() => {
    if (linked) setCode(linked);
  }, [linked, setCode]);
  const [dialog, setDialog] = useState<'vacuum' | 'analyse' | null>(null);
  const [load] = productionApi.useLazyTraceInfoQuery();
  const { data: info } = productionApi.useTraceInfoQuery(code ? { code } : skipToken);
  const { data: cycles } = productionApi.useCyclesQuery(code ? { code } : skipToken);
  const shown = info && info.cylinder.code.toLowerCase() === code?.toLowerCase() ? info : null;

  const onScan = async (text: string) => {
    const read = readScan(text);
    if (!read.ok) throw new Error(t('production.badCode', { code: read.text }));
    const scanned = read.code;
    try {
      const found = await load({ code: scanned }).unwrap();
      setCode(scanned);
      // The count lives with the timeline, which follows every new event; the field's words would not.
      return t('trace.found', { code: found.cylinder.code });
    } catch (e) {
      const f = failureOf(e);
      throw new Error(f.kind === 'refused' ? f.message : (f.message ?? t('trace.lost')));
    }
  };

  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Box sx={{ maxWidth: 480 }}>
        <ScanInput label={t('trace.scan')} placeholder={t('trace.scanPlaceholder')} onScan={onScan} />
      </Box>
      {shown && (
        <>
          <CylinderCard cylinder={shown.cylinder} onVacuum={() => setDialog('vacuum')} onAnalyse={() => setDialog('analyse')} />
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              {t('trace.timeline')}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }} data-testid="event-count">
                {t('trace.eventCount', { count: shown.events.length })}
              </Typography>
            </Typography>
            <Timeline events={shown.events} focus={linked?.toLowerCase() === shown.cylinder.code.toLowerCase() ? linkedEvent : null} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>{t('trace.cycleTable')}</Typography>
            <Cycles cycles={cycles ?? []} />
          </Paper>
          {dialog === 'vacuum' && <VacuumDialog code={shown.cylinder.code} onClose={() => setDialog(null)} />}
          {dialog === 'analyse' && <AnalyseDialog code={shown.cylinder.code} onClose={() => setDialog(null)} />}
        </>
      )}
    </Stack>
  );
}
