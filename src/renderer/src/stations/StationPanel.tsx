import { useMemo, type ReactNode } from 'react';
import dayjs from 'dayjs';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { ScanInput } from '@renderer/components/ScanInput';
import { useT } from '@renderer/i18n/useT';
import type { MessageKey } from '@renderer/i18n/messages';
import { RED, useShift, useTodayCount, type ScanEntry, type Station, type Verdict, type VerdictKind } from './useStation';
import { readScan } from './scanText';
import { stationOffline } from './offline';

type Tone = 'success' | 'warning' | 'error';
/** What a verdict shows as: its kind, or 'warning' when it was done with a discrepancy. */
type Shown = VerdictKind | 'warning';
const TONE: Record<Shown, Tone> = {
  ok: 'success', warning: 'warning', repeated: 'warning', failed: 'error', refused: 'error', lost: 'error', queued: 'warning',
  granted: 'success', pending: 'warning', allowed: 'success',
};
const KIND_LABEL: Record<Shown, MessageKey> = {
  ok: 'production.kind.ok', warning: 'production.kind.warning', repeated: 'production.kind.repeated', failed: 'production.kind.failed',
  refused: 'production.kind.refused', lost: 'production.kind.lost', queued: 'offline.kind.queued',
  granted: 'production.kind.granted', pending: 'production.kind.pending', allowed: 'production.kind.allowed',
};
const shownKind = (v: Verdict): Shown => (v.warning && !RED.includes(v.kind) ? 'warning' : v.kind);

/** The verdict of the last scan, large: readable from a step away, coloured by what it came to. */
export function VerdictBox({ verdict }: { verdict: Verdict | null }) {
  const t = useT();
  const kind = verdict ? shownKind(verdict) : null;
  const tone = kind ? TONE[kind] : null;
  return (
    <Box data-testid="verdict" data-kind={kind ?? ''} role="region" aria-label={t('production.verdict')} aria-live="polite"
      sx={(theme) => ({
        border: 2, borderRadius: 1, p: 1.5, minHeight: 132,
        // 已暂存 is amber like a repeat, but dashed: kept on this PC, not yet done.
        borderStyle: kind === 'queued' ? 'dashed' : 'solid',
        borderColor: tone ? theme.palette[tone].main : theme.palette.divider,
        bgcolor: tone ? alpha(theme.palette[tone].main, 0.08) : 'background.paper',
      })}>
      {verdict && kind ? (
        <Stack spacing={0.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip size="small" color={tone ?? 'default'} label={t(KIND_LABEL[kind])} />
            <Typography variant="body2" color="text.secondary">{verdict.code}</Typography>
          </Stack>
          <Typography data-testid="verdict-title" sx={{ fontSize: 26, fontWeight: 700, lineHeight: 1.25, color: `${tone}.main`, wordBreak: 'break-all' }}>
            {verdict.title}
          </Typography>
          {verdict.warning && (
            <Typography data-testid="verdict-warning" sx={{ fontSize: 18, fontWeight: 600, color: 'warning.dark' }}>{verdict.warning}</Typography>
          )}
          {verdict.note && <Typography variant="body1">{verdict.note}</Typography>}
          {verdict.lines && (
            <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'error.main', fontWeight: 600, fontSize: 16 }}>
              {verdict.lines.map((line) => <li key={line}>{line}</li>)}
            </Box>
          )}
        </Stack>
      ) : (
        <Typography color="text.secondary" sx={{ fontSize: 20, pt: 3, textAlign: 'center' }}>{t('production.waiting')}</Typography>
      )}
    </Box>
  );
}

function RecentScans({ entries }: { entries: ScanEntry[] }) {
  const t = useT();
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2">{t('production.recent')}</Typography>
      {entries.length === 0 && <Typography variant="body2" color="text.secondary">{t('common.noData')}</Typography>}
      <Box component="ol" aria-label={t('production.recent')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {entries.map((e) => {
          const kind = shownKind(e);
          return (
            <Box component="li" key={e.id} data-kind={kind}
              sx={{ display: 'flex', gap: 1, fontSize: 13, lineHeight: '21px', borderLeft: 3, borderColor: `${TONE[kind]}.main`, pl: 0.75, whiteSpace: 'nowrap' }}>
              <Box component="span" sx={{ color: 'text.secondary' }}>{dayjs(e.at).format('HH:mm:ss')}</Box>
              <Box component="span" sx={{ fontWeight: 600 }}>{e.code}</Box>
              <Box component="span" sx={{ color: `${TONE[kind]}.main`, overflow: 'hidden', textOverflow: 'ellipsis' }} title={e.title}>{t(KIND_LABEL[kind])}</Box>
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
}

/** The code of the station's last scan, for what a station shows below its scan field (the print bar's 补打). */
export function LastScanned({ station, children }: { station: Station; children: (code: string | undefined) => ReactNode }) {
  return children(useShift(station).recent[0]?.code);
}

export interface StationPanelProps {
  station: Station;
  /** The station's set-up (operator, gas, weights; type, warehouse, customer), above the scan field. */
  settings: ReactNode;
  /** A verdict (shown by the station already), or words for the scan field when the scan only began a step. */
  onScan: (code: string) => Promise<Verdict | string>;
  /** Below the scan field: the live weight, a form to fill in, the current order and its buttons. */
  below?: ReactNode;
  /** The user may not act here: the scan field is off. */
  disabled?: boolean;
  scanLabel?: string;
}

/**
 * A scanning station: set-up and the scan field (which keeps the focus) on the left, the verdict of the
 * last scan large in the middle with today's count and 重试 after a lost answer, the last scans on the right.
 */
export function StationPanel({ station, settings, onScan, below, disabled, scanLabel }: StationPanelProps) {
  const t = useT();
  // Read here, not by the station: a verdict renders the panel again, while `settings` and `below` (made by the
  // station, which is not rendered again) are left as they were.
  const shift = useShift(station);
  const todayCount = useTodayCount(station);
  const { pending } = station;
  // The connection header comes with the stations' offline half (features/offline provides it).
  const OfflineHeader = stationOffline().Header;
  // The newest verdict also speaks under the scan field: a step finished after its scan (检验's 提交, 重试)
  // replaces what the scan said (…：请填写检验结果).
  const latest = shift.recent[0];
  const notice = useMemo(() => (latest ? { id: latest.id, kind: RED.includes(latest.kind) ? 'refused' as const : 'ok' as const, message: latest.title } : null), [latest]);
  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(260px, 1.15fr) minmax(240px, 1fr) minmax(180px, 0.75fr)', alignItems: 'start' }}>
      <Box sx={{ gridColumn: '1 / -1' }}><OfflineHeader /></Box>
      <Stack spacing={1.5} sx={{ minWidth: 0 }}>
        {settings}
        <Box ref={station.scanBox}>
          <ScanInput sound={false} disabled={disabled} label={scanLabel ?? t('production.scan')} placeholder={t('production.scanPlaceholder')} notice={notice}
            onScan={async (text) => {
              // A plain code, or the public page's address a label's QR code carries (camera or a PDA's imager).
              const read = readScan(text);
              const outcome = read.ok
                ? await onScan(read.code)
                : await station.run(read.text, () => Promise.resolve({ kind: 'refused', code: read.text, title: t('production.badCode', { code: read.text }) }));
              if (typeof outcome === 'string') return outcome;
              if (RED.includes(outcome.kind)) throw new Error(outcome.title);
              return outcome.title;
            }} />
        </Box>
        {below}
      </Stack>
      <Stack spacing={1} sx={{ minWidth: 0 }}>
        <VerdictBox verdict={shift.verdict} />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography data-testid="shift-count" sx={{ fontSize: 18 }}>
            {t('production.todayDone')}<Box component="strong" sx={{ fontSize: 24, mx: 0.5 }}>{todayCount ?? '—'}</Box>{t('production.unit')}
          </Typography>
          {pending && (
            <Button variant="contained" color="error" onClick={station.retry}>{t('production.retry')}</Button>
          )}
        </Stack>
      </Stack>
      <RecentScans entries={shift.recent} />
    </Paper>
  );
}
