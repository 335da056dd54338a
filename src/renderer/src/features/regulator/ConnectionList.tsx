import { Button, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { STATE_CODES, type AdapterInfo, type ConnectionRow } from '@shared/api/regulator';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { kindName, stateName } from './names';
import { regulatorApi } from './regulatorApi';
import { StateChip } from './StateChip';

interface Props {
  rows: readonly ConnectionRow[];
  adapters: readonly AdapterInfo[];
  selected: number | null;
  onSelect: (id: number) => void;
  onEdit: (row: ConnectionRow) => void;
}

/** The connections: how each sends, what, whether it runs, its records per state, what waits, its last failure. */
export function ConnectionList({ rows, adapters, selected, onSelect, onEdit }: Props) {
  const t = useT();
  const lang = useLanguage();
  const [enable] = regulatorApi.useEnableRegulatorConnectionMutation();
  const adapterName = (id: string) => {
    const a = adapters.find((x) => x.id === id);
    return a ? (lang === 'en' ? a.nameEn : a.name) : id;
  };
  const heads = ['name', 'adapter', 'accessCode', 'kinds', 'state', 'counts', 'pending', 'lastError'] as const;
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="regulator-connections" aria-label={t('regulator.connections')}>
        <TableHead>
          <TableRow>
            {heads.map((h) => <TableCell key={h}>{t(`regulator.${h}`)}</TableCell>)}
            <TableCell>{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && <TableRow><TableCell colSpan={heads.length + 1} align="center">{t('regulator.noConnections')}</TableCell></TableRow>}
          {rows.map((r) => (
            <TableRow key={r.id} hover selected={selected === r.id} aria-selected={selected === r.id} onClick={() => onSelect(r.id)} sx={{ cursor: 'pointer' }}>
              <TableCell>{r.name}</TableCell>
              <TableCell>{adapterName(r.adapter)}</TableCell>
              <TableCell>{r.accessCode}</TableCell>
              <TableCell>{r.kinds.map((k) => kindName(k, lang)).join('、')}</TableCell>
              <TableCell>
                <Typography variant="body2" color={r.enabled ? 'success.main' : 'text.secondary'}>{t(r.enabled ? 'regulator.on' : 'regulator.off')}</Typography>
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {STATE_CODES.filter((s) => (r.counts[s] ?? 0) > 0).map((s) => (
                    <StateChip key={s} state={s} testId="regulator-count" label={`${stateName(s, lang)} ${r.counts[s]}`} />
                  ))}
                </Stack>
              </TableCell>
              <TableCell data-testid="regulator-pending">{Math.max(0, r.latest - r.cursor)}</TableCell>
              <TableCell sx={{ color: 'error.main', maxWidth: 260, wordBreak: 'break-all' }}>{r.lastError ?? ''}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
                <HasPermission keys={['regulator:save']}>
                  <Button size="small" onClick={() => onEdit(r)}>{t('common.edit')}</Button>
                  <Button size="small" color={r.enabled ? 'warning' : 'success'} onClick={() => void enable({ id: r.id, enabled: !r.enabled })}>
                    {t(r.enabled ? 'regulator.pause' : 'regulator.resume')}
                  </Button>
                </HasPermission>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
