import { useMemo, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Autocomplete, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import type { LogInterface, LogParam, LogSetRow } from '@shared/api/log';
import { AppDialog } from '@renderer/components/AppDialog';
import { textOrNull } from '@renderer/components/ListPage';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { logApi } from './logApi';

const interfaceLabel = (i: LogInterface) => `${i.method} ${i.logUrl}${i.summary ? ` — ${i.summary}` : ''}`;
const paramLabel = (p: LogParam) => (p.title && p.title !== p.name ? `${p.name}（${p.title}）` : p.name);
const shrink = { inputLabel: { shrink: true } };

export interface LogSettingDialogProps {
  /** null: a new setting. */
  row: LogSetRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 新增 / 编辑 one interface-log setting: the API (found by typing part of its method, path or summary),
 * whether its calls are logged, and which of its parameters the log keeps (none chosen keeps them all).
 */
export function LogSettingDialog({ row, onClose, onSaved }: LogSettingDialogProps) {
  const t = useT();
  const { data: interfaces = [] } = logApi.useLogInterfacesQuery({});
  const [route, setRoute] = useState<{ method: 'GET' | 'POST'; logUrl: string } | null>(
    row ? { method: row.method as 'GET' | 'POST', logUrl: row.logUrl } : null,
  );
  const [logName, setLogName] = useState(row?.logName ?? '');
  const [logged, setLogged] = useState<0 | 1>(row?.logged ?? 1);
  const [kept, setKept] = useState<string[]>(row?.keptParams ?? []);
  const [remark, setRemark] = useState(row?.remark ?? '');
  const [routeError, setRouteError] = useState<string | null>(null);
  const [save] = logApi.useSaveLogSetMutation();

  const chosen = route ? interfaces.find((i) => i.method === route.method && i.logUrl === route.logUrl) ?? null : null;
  const { currentData: params = [] } = logApi.useLogParamsQuery(route ?? skipToken);
  // A setting keeps names: a name that is both a path and a body parameter is one choice.
  const paramOptions = useMemo(() => [...new Map(params.map((p) => [p.name, p])).values()], [params]);
  const keptOptions = kept.map((name) => paramOptions.find((p) => p.name === name) ?? { name, title: name, in: '' });

  const submit = async () => {
    if (!route) {
      setRouteError(t('logSet.chooseInterface'));
      return;
    }
    await save({
      ...(row ? { id: row.id } : {}), method: route.method, logUrl: route.logUrl, logName: textOrNull(logName), logged, keptParams: kept, remark: textOrNull(remark),
    }).unwrap();
    notify(t('common.saved'), 'success');
    onSaved();
    onClose();
  };

  return (
    <AppDialog open title={t(row ? 'logSet.edit' : 'logSet.add')} onClose={onClose} onSubmit={submit}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Autocomplete<LogInterface>
          size="small"
          options={interfaces}
          value={chosen}
          onChange={(_e, option) => {
            setRoute(option ? { method: option.method as 'GET' | 'POST', logUrl: option.logUrl } : null);
            setKept([]);
            setRouteError(null);
          }}
          isOptionEqualToValue={(a, b) => a.method === b.method && a.logUrl === b.logUrl}
          getOptionLabel={interfaceLabel}
          getOptionKey={(o) => `${o.method} ${o.logUrl}`}
          renderInput={(p) => (
            <TextField {...p} label={t('logSet.interface')} required error={!!routeError} helperText={routeError ?? undefined}
              placeholder={t('logSet.chooseInterface')} slotProps={{ ...p.slotProps, inputLabel: { ...p.slotProps.inputLabel, shrink: true } }} />
          )}
        />
        <TextField size="small" label={t('logSet.name')} value={logName} onChange={(e) => setLogName(e.target.value)}
          placeholder={chosen?.summary || t('logSet.namePlaceholder')} slotProps={{ ...shrink, htmlInput: { maxLength: 64 } }} />
        <FormControlLabel label={t('logSet.logged')}
          control={<Switch checked={logged === 1} onChange={(e) => setLogged(e.target.checked ? 1 : 0)} slotProps={{ input: { 'aria-label': t('logSet.logged') } }} />} />
        <Autocomplete<LogParam, true>
          multiple
          disableCloseOnSelect
          size="small"
          disabled={!route}
          options={paramOptions}
          value={keptOptions}
          onChange={(_e, options) => setKept(options.map((o) => o.name))}
          isOptionEqualToValue={(a, b) => a.name === b.name}
          getOptionLabel={paramLabel}
          getOptionKey={(o) => o.name}
          renderInput={(p) => (
            <TextField {...p} label={t('logSet.keptParams')} helperText={t('logSet.keptHint')}
              slotProps={{ ...p.slotProps, inputLabel: { ...p.slotProps.inputLabel, shrink: true } }} />
          )}
        />
        <TextField size="small" label={t('common.remark')} value={remark} onChange={(e) => setRemark(e.target.value)} multiline minRows={2}
          slotProps={{ ...shrink, htmlInput: { maxLength: 255 } }} />
      </Stack>
    </AppDialog>
  );
}
