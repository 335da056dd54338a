import { useState } from 'react';
import { alpha, Box, Button, Chip, Stack, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, TextField, Typography } from '@mui/material';
import { CODE_TABLES, PLATFORM_CODE_PATTERN, type CodeMapRow, type CodeTable, type SaveCodeMapBody } from '@shared/api/regulator';
import { PageLoading } from '@renderer/components/PageLoading';
import { useUnsavedChanges } from '@renderer/hooks/useUnsavedChanges';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { usePermission } from '@renderer/permission/permission';
import { tableName } from './names';
import { regulatorApi } from './regulatorApi';

const CODE = new RegExp(PLATFORM_CODE_PATTERN, 'u');
type Edits = Record<string, string>;

/** The entries whose code differs from the saved one; an emptied code removes the mapping (null). */
export function changedEntries(rows: readonly CodeMapRow[], edits: Edits): SaveCodeMapBody['entries'] {
  return rows.flatMap((r) => {
    const typed = edits[r.localKey];
    if (typed === undefined) return [];
    const code = typed.trim();
    return code === (r.code ?? '') ? [] : [{ localKey: r.localKey, code: code === '' ? null : code }];
  });
}

function CodeTableEditor({ connectionId, table, edits, onEdit }: { connectionId: number; table: CodeTable; edits: Edits; onEdit: (e: Edits) => void }) {
  const t = useT();
  const lang = useLanguage();
  const canSave = usePermission(['regulator:save']);
  const { data, isLoading } = regulatorApi.useRegulatorCodeMapQuery({ connectionId, table });
  const [save, { isLoading: saving }] = regulatorApi.useSaveRegulatorCodeMapMutation();
  const rows = data ?? [];
  const changed = changedEntries(rows, edits);
  useUnsavedChanges(changed.length > 0);
  if (isLoading) return <PageLoading />;
  const value = (r: CodeMapRow) => edits[r.localKey] ?? r.code ?? '';
  const wrong = (r: CodeMapRow) => value(r).trim() !== '' && !CODE.test(value(r).trim());
  const unmapped = rows.filter((r) => value(r).trim() === '').length;
  const submit = async () => {
    if (rows.some(wrong)) return notify(t('regulator.codeFix'), 'error');
    // The edits stay: once the table is fetched again they equal the saved codes, and count as changed no more.
    await save({ connectionId, table, entries: changed }).unwrap();
    notify(t('regulator.codesSaved', { n: changed.length }), 'success');
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" data-testid="regulator-unmapped" color={unmapped > 0 ? 'warning.main' : 'text.secondary'}>
          {t('regulator.unmappedCount', { n: unmapped })}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {canSave && (
          <Button variant="contained" disabled={saving || changed.length === 0} onClick={() => void submit().catch(() => undefined)}>
            {t('common.save')}
          </Button>
        )}
      </Stack>
      <Table size="small" data-testid={`regulator-codes-${table}`} aria-label={tableName(table, lang)}>
        <TableHead>
          <TableRow>
            <TableCell>{t('regulator.localName')}</TableCell>
            <TableCell>{t('regulator.platformCode')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && <TableRow><TableCell colSpan={3} align="center">{t('common.noData')}</TableCell></TableRow>}
          {rows.map((r) => {
            const empty = value(r).trim() === '';
            return (
              <TableRow key={r.localKey} data-unmapped={empty || undefined} sx={empty ? { '& td': { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.1) } } : undefined}>
                <TableCell>{r.localName}</TableCell>
                <TableCell sx={{ width: 280 }}>
                  <TextField size="small" fullWidth value={value(r)} disabled={!canSave} error={wrong(r)}
                    helperText={wrong(r) ? t('regulator.codePattern') : undefined}
                    onChange={(e) => onEdit({ ...edits, [r.localKey]: e.target.value })}
                    slotProps={{ htmlInput: { maxLength: 32, 'aria-label': t('regulator.codeOf', { name: r.localName }), 'data-testid': `regulator-code-${r.localKey}` } }} />
                </TableCell>
                <TableCell>{empty && <Chip size="small" color="warning" variant="outlined" label={t('regulator.unmapped')} />}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Stack>
  );
}

/** 代码对照: the connection's code tables, one tab each; 保存 sends the changed entries of the table shown. */
export function CodeMapPanel({ connectionId }: { connectionId: number }) {
  const lang = useLanguage();
  const t = useT();
  const [table, setTable] = useState<CodeTable>('gas');
  const [edits, setEdits] = useState<Partial<Record<CodeTable, Edits>>>({});
  return (
    <Stack spacing={1}>
      <Tabs value={table} onChange={(_e, v: CodeTable) => setTable(v)} aria-label={t('regulator.codeTables')}>
        {CODE_TABLES.map((c) => <Tab key={c.code} value={c.code} label={tableName(c.code, lang)} />)}
      </Tabs>
      <CodeTableEditor key={`${connectionId}-${table}`} connectionId={connectionId} table={table} edits={edits[table] ?? {}}
        onEdit={(e) => setEdits((all) => ({ ...all, [table]: e }))} />
    </Stack>
  );
}
