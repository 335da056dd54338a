import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Button, Checkbox, Paper, Stack, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, Typography } from '@mui/material';
import { RECORD_KEYS, type RecordKey, type SettingInfo } from '@shared/api/setting';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { usePermission } from '@renderer/permission/permission';
import { modelingApi } from './modelingApi';
import { recordRules, type FieldRule } from './recordFields';

const KEYS = Object.keys(RECORD_KEYS) as RecordKey[];

/**
 * 记录内容设置: per station record (充装记录, 检验记录, 复秤记录) which fields the station shows and which
 * must be filled; saved as the record's RECORD setting, which the stations and the server both obey.
 */
export function RecordPane() {
  const t = useT();
  const canSave = usePermission(['modeling:save']);
  const [key, setKey] = useScreenState<RecordKey>('record', 'FILLING');
  const { data: rows } = modelingApi.useRecordSettingsQuery({ kind: 'RECORD', settingKey: key });
  const current = rows?.find((r) => r.enabled === 1) ?? rows?.[0];
  const { data: info } = modelingApi.useRecordInfoQuery(current ? { key: 'RECORD', id: current.id } : skipToken);
  const [save, { isLoading }] = modelingApi.useSaveRecordMutation();
  const content = info && (info as SettingInfo).kind === 'RECORD' && current ? (info as Extract<SettingInfo, { kind: 'RECORD' }>).content : null;
  const [rules, setRules] = useState<FieldRule[]>(() => recordRules(key, null));
  useEffect(() => setRules(recordRules(key, content)), [key, content]);

  const change = (field: string, patch: Partial<FieldRule>) => setRules((list) => list.map((r) => {
    if (r.key !== field) return r;
    const next = { ...r, ...patch };
    // A hidden field cannot be required; a required one is shown.
    if (patch.show === false) next.required = false;
    if (patch.required) next.show = true;
    return next;
  }));
  const submit = async () => {
    try {
      await save({
        kind: 'RECORD', ...(current ? { id: current.id } : {}), name: RECORD_KEYS[key], settingKey: key, dataSource: 'CYLINDER', enabled: 1, isDefault: 1,
        content: { fields: rules.map((r) => ({ key: r.key, show: r.show ? 1 : 0, required: r.required ? 1 : 0 })) },
      }).unwrap();
      notify(t('common.saved'), 'success');
    } catch {
      // The HTTP client has shown why.
    }
  };

  return (
    <Stack spacing={1} sx={{ maxWidth: 720 }}>
      <Tabs value={key} onChange={(_, v: RecordKey) => setKey(v)} aria-label={t('modeling.record')}>
        {KEYS.map((k) => <Tab key={k} value={k} label={RECORD_KEYS[k]} />)}
      </Tabs>
      <Typography variant="body2" color="text.secondary">{t('modeling.recordHint')}</Typography>
      <Paper variant="outlined">
        <Table size="small" aria-label={RECORD_KEYS[key]}>
          <TableHead>
            <TableRow>
              <TableCell>{t('modeling.field')}</TableCell>
              <TableCell>{t('modeling.contentKey')}</TableCell>
              <TableCell align="center">{t('modeling.show')}</TableCell>
              <TableCell align="center">{t('modeling.required')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rules.map((r) => (
              <TableRow key={r.key}>
                <TableCell>{r.name}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{r.key}</TableCell>
                <TableCell align="center">
                  <Checkbox size="small" checked={r.show} disabled={!canSave || r.fixed || r.measured} slotProps={{ input: { 'aria-label': `${r.name} ${t('modeling.show')}` } }}
                    onChange={(e) => change(r.key, { show: e.target.checked })} />
                </TableCell>
                <TableCell align="center">
                  <Checkbox size="small" checked={r.required} disabled={!canSave || r.fixed} slotProps={{ input: { 'aria-label': `${r.name} ${t('modeling.required')}` } }}
                    onChange={(e) => change(r.key, { required: e.target.checked })} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      {canSave && (
        <Stack direction="row">
          <Button variant="contained" loading={isLoading} onClick={() => void submit()}>{t('modeling.saveRecord')}</Button>
        </Stack>
      )}
    </Stack>
  );
}
