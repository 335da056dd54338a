import { Fragment } from 'react';
import { Box, Button, Paper, Stack, Tab, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tabs, Typography } from '@mui/material';
import { OWN_FIELD_TYPES, SaveDataFieldBody } from '@shared/api/dataSource';
import type { DataSourceKind } from '@shared/dataSources';
import { useDataSources } from '@renderer/features/lookups';
import { fromSchema, rulesFrom } from '@renderer/components/Form';
import { useConfirmDelete, useFormDialog } from '@renderer/components/ListPage';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { HasPermission } from '@renderer/permission/Permission';
import { usePermission } from '@renderer/permission/permission';
import { useT } from '@renderer/i18n/useT';
import type { MessageKey } from '@renderer/i18n/messages';
import { modelingApi } from './modelingApi';

const typeName = (t: ReturnType<typeof useT>, type: string) => t(`modeling.type.${type}` as MessageKey);

/** A field the plant added (the server answers its id); the built-in ones have none. */
interface Field { contentKey: string; contentName: string; type: string; id?: number; fields?: Field[] }

/**
 * The data sources (气瓶, 出库单, 充装批次) and their fields as the server names them (contentName /
 * contentKey): what a report template's placeholders and a label's fields may use; a list's item fields
 * indented under it (a template loops over the list).
 */
export function DataSourcePane() {
  const t = useT();
  const sources = useDataSources();
  const [kind, setKind] = useScreenState<DataSourceKind>('source', 'OUTBOUND_ORDER');
  const { data } = modelingApi.useSourceFieldsQuery({ dataSource: kind });
  const [saveField] = modelingApi.useSaveFieldMutation();
  const [deleteField] = modelingApi.useDeleteFieldMutation();
  const canSave = usePermission(['modeling:save']);
  const cell = { py: 0.5 };
  const adder = useFormDialog<null>({
    title: () => t('modeling.addFieldTitle', { source: sources.nameOf(kind) }),
    width: 480,
    fields: () => [
      { key: 'contentName', label: t('modeling.contentName'), ...fromSchema(SaveDataFieldBody, 'contentName') },
      { key: 'contentKey', label: t('modeling.contentKey'), hint: t('modeling.keyHint'), ...fromSchema(SaveDataFieldBody, 'contentKey', { patternMessage: t('modeling.keyHint') }) },
      {
        key: 'type', label: t('modeling.type'), type: 'select', options: OWN_FIELD_TYPES.map((v) => ({ value: v, label: typeName(t, v) })),
        rules: rulesFrom(SaveDataFieldBody, 'type'),
      },
    ],
    initialValues: () => ({ type: 'text' }),
    submit: (v) => saveField({ dataSource: kind, contentName: String(v.contentName), contentKey: String(v.contentKey), type: v.type as (typeof OWN_FIELD_TYPES)[number] }).unwrap(),
  });
  const remove = useConfirmDelete<Field>({
    message: (f) => t('modeling.deleteFieldConfirm', { name: f.contentName, key: f.contentKey }),
    remove: (f) => deleteField({ id: f.id! }).unwrap(),
  });
  const fields = (data?.fields ?? []) as Field[];
  return (
    <Stack spacing={1} sx={{ minHeight: 0, flex: 1 }}>
      <Tabs value={kind} onChange={(_, v: DataSourceKind) => setKind(v)} aria-label={t('modeling.sources')}>
        {sources.options.map((o) => <Tab key={o.value} value={o.value} label={o.label} />)}
      </Tabs>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {data && <Typography variant="body2" color="text.secondary">{t('modeling.subject', { subject: data.subject })}</Typography>}
        <Box sx={{ flex: 1 }} />
        <HasPermission keys={['modeling:save']}>
          <Button variant="contained" color="success" onClick={() => adder.open()}>{t('modeling.addField')}</Button>
        </HasPermission>
      </Stack>
      <TableContainer component={Paper} variant="outlined" sx={{ flex: 1, minHeight: 0 }}>
        <Table size="small" stickyHeader aria-label={sources.nameOf(kind)}>
          <TableHead>
            <TableRow>
              <TableCell>{t('modeling.contentName')}</TableCell>
              <TableCell>{t('modeling.contentKey')}</TableCell>
              <TableCell>{t('modeling.type')}</TableCell>
              <TableCell>{t('modeling.origin')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.map((f) => (
              <Fragment key={f.contentKey}>
                <TableRow>
                  <TableCell sx={cell}>{f.contentName}</TableCell>
                  <TableCell sx={{ ...cell, fontFamily: 'monospace' }}>{f.contentKey}</TableCell>
                  <TableCell sx={cell}>{typeName(t, f.type)}</TableCell>
                  <TableCell sx={cell}>
                    {f.id === undefined ? t('modeling.builtIn') : t('modeling.own')}
                    {f.id !== undefined && canSave && <Button size="small" color="error" sx={{ ml: 1, minWidth: 0 }} onClick={() => remove(f)}>{t('modeling.deleteField')}</Button>}
                  </TableCell>
                </TableRow>
                {(f.fields ?? []).map((sub) => (
                  <TableRow key={`${f.contentKey}.${sub.contentKey}`}>
                    <TableCell sx={{ ...cell, pl: 4 }}>{sub.contentName}</TableCell>
                    <TableCell sx={{ ...cell, pl: 4, fontFamily: 'monospace' }}>{sub.contentKey}</TableCell>
                    <TableCell sx={cell}>{typeName(t, sub.type)}</TableCell>
                    <TableCell sx={cell} />
                  </TableRow>
                ))}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {adder.element}
    </Stack>
  );
}
