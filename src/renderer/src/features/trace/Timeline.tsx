import { useEffect, useState } from 'react';
import { Box, Button, Chip, Link, Stack, Typography } from '@mui/material';
import { actionLabel } from '@shared/lifecycle';
import type { TimelineEvent } from '@shared/api/production';
import { dateTime } from '@renderer/stations/format';
import { statusLabel } from '@renderer/utils/productStatus';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { usePermission } from '@renderer/permission/permission';
import { useAppSelector } from '@renderer/store/hooks';
import { detailSummary } from './detailSummary';
import { NoteDialog } from './TraceDialogs';

export const eventAnchor = (id: number) => `trace-event-${id}`;

/**
 * A cylinder's timeline, newest first: time, action, status change, operator, workstation, what was
 * recorded, and notes. An event undone by a rollback is struck through and links to the rollback; a
 * rollback links to what it undid. Nothing is ever removed from it.
 */
export function Timeline({ events, focus = null }: { events: TimelineEvent[]; focus?: number | null }) {
  const t = useT();
  const lang = useLanguage();
  const me = useAppSelector((s) => s.auth.user?.name);
  const mayNote = usePermission(['trace:note']);
  const [highlight, setHighlight] = useState<number | null>(focus);
  const [noting, setNoting] = useState<{ traceId: number; note: { id: number; note: string } | null } | null>(null);
  const byId = new Map(events.map((e) => [e.id, e]));
  const ordered = [...events].sort((a, b) => b.seq - a.seq);
  const name = (e: TimelineEvent) => (lang === 'en' ? actionLabel(e.action, 'en') : e.actionName || actionLabel(e.action));

  const jump = (id: number) => {
    setHighlight(id);
    document.getElementById(eventAnchor(id))?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  };
  const linkTo = (id: number, text: string) => (
    <Link component="button" type="button" variant="body2" onClick={() => jump(id)} sx={{ verticalAlign: 'baseline' }}>{text}</Link>
  );

  // A link to one event (?event=): marked and scrolled into view once it is in the timeline.
  const focusShown = focus !== null && byId.has(focus);
  useEffect(() => {
    if (focus === null || !focusShown) return;
    setHighlight(focus);
    document.getElementById(eventAnchor(focus))?.scrollIntoView?.({ block: 'center' });
  }, [focus, focusShown]);

  if (!events.length) return <Typography color="text.secondary">{t('common.noData')}</Typography>;
  return (
    <Box component="ol" aria-label={t('trace.timeline')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {ordered.map((e) => {
        const reverted = e.revertedById !== null;
        const undone = e.revertsId !== null ? byId.get(e.revertsId) : undefined;
        const undoneBy = e.revertedById !== null ? byId.get(e.revertedById) : undefined;
        const summary = detailSummary(t, e.detail, lang);
        return (
          <Box component="li" key={e.id} id={eventAnchor(e.id)} data-reverted={reverted ? 'true' : undefined} aria-current={highlight === e.id ? 'true' : undefined} aria-label={`${e.seq} ${name(e)}`}
            sx={{
              position: 'relative', pl: 2.5, pb: 1.5, borderLeft: 2, borderColor: reverted ? 'divider' : 'primary.light', ml: 1,
              bgcolor: highlight === e.id ? 'action.selected' : undefined, transition: 'background-color .3s',
              '&::before': { content: '""', position: 'absolute', left: -6, top: 6, width: 10, height: 10, borderRadius: '50%', bgcolor: reverted ? 'grey.400' : e.revertsId !== null ? 'warning.main' : 'primary.main' },
            }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary">#{e.seq} {dateTime(e.at)}</Typography>
              <Typography data-testid="event-action" sx={{ fontWeight: 700, textDecoration: reverted ? 'line-through' : 'none', color: reverted ? 'text.disabled' : 'text.primary' }}>
                {name(e)}
              </Typography>
              <Typography variant="body2" sx={{ textDecoration: reverted ? 'line-through' : 'none' }}>
                {e.fromStatus === null || e.fromStatus === e.toStatus ? statusLabel(t, e.toStatus) : `${statusLabel(t, e.fromStatus)} → ${statusLabel(t, e.toStatus)}`}
              </Typography>
              {e.operator && <Typography variant="body2" color="text.secondary">{e.operator}</Typography>}
              {e.workstation && <Typography variant="body2" color="text.secondary">@{e.workstation}</Typography>}
              {e.replayed && (
                <Chip size="small" color="info" variant="outlined" data-testid="event-replayed"
                  label={e.stationAt ? t('offline.replayedAt', { at: dateTime(e.stationAt) }) : t('offline.replayed')} />
              )}
              {e.enteredBy && <Typography variant="body2" color="text.secondary" data-testid="event-entered-by">{t('offline.enteredBy', { name: e.enteredBy })}</Typography>}
              {reverted && <Chip size="small" color="warning" variant="outlined" label={t('production.reverted')} />}
              {reverted && e.revertedById !== null && linkTo(e.revertedById, undoneBy ? t('trace.revertedBy', { seq: undoneBy.seq }) : t('trace.seeRollback'))}
              {e.revertsId !== null && linkTo(e.revertsId, undone ? t('trace.reverts', { seq: undone.seq, action: name(undone) }) : t('trace.seeUndone'))}
              {mayNote && (
                <Button size="small" sx={{ minWidth: 0, py: 0 }} onClick={() => setNoting({ traceId: e.id, note: null })}>{t('trace.addNote')}</Button>
              )}
            </Stack>
            {summary && <Typography variant="body2" color="text.secondary" sx={{ textDecoration: reverted ? 'line-through' : 'none' }}>{summary}</Typography>}
            {e.timeFlag && <Typography variant="body2" color="warning.dark" data-testid="event-time-flag">{t('offline.timeFlag', { flag: e.timeFlag })}</Typography>}
            {e.notes.map((n) => (
              <Typography key={n.id} variant="body2" sx={{ mt: 0.25 }}>
                <Box component="span" sx={{ color: 'info.main' }}>{t('trace.note')}：</Box>{n.note}
                <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>— {n.operator ?? ''} {dateTime(n.at)}</Box>
                {mayNote && n.operator && n.operator === me && (
                  <Button size="small" sx={{ minWidth: 0, py: 0, ml: 0.5 }} onClick={() => setNoting({ traceId: e.id, note: { id: n.id, note: n.note } })}>{t('common.edit')}</Button>
                )}
              </Typography>
            ))}
          </Box>
        );
      })}
      {noting && <NoteDialog traceId={noting.traceId} note={noting.note} onClose={() => setNoting(null)} />}
    </Box>
  );
}
