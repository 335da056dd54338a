import { useMemo, useRef } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { DictEntrySave, type DictEntryRow, type DictTypeRow } from '@shared/api/dictionary';
import { fromSchema, type FormValues } from '@renderer/components/Form';
import { ListPage, numberOrUndefined, rowValues, textOrNull, useActionsColumn, useConfirmDelete, useFormDialog, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn, TableHandle } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { useAppDispatch } from '@renderer/store/hooks';
import { dictionaryApi, refreshDictionaryOptions } from './dictionaryApi';

/** The entries of the chosen type (名称 dataName, 值 dataValue, 排序, 状态, 备注). */
export function EntryPane({ type, onChanged }: { type: DictTypeRow; onChanged: () => void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const table = useRef<TableHandle>(null);
  // Each type keeps its own search.
  const filters = useListFilters({}, `entryFilters.${type.id}`);
  const [save] = dictionaryApi.useSaveDictionaryMutation();
  const [remove] = dictionaryApi.useDeleteDictionaryMutation();
  // The list, the type's count beside and the forms' suggestions of this type.
  const changed = () => {
    table.current?.reload();
    onChanged();
    refreshDictionaryOptions(dispatch, type.typeCode);
  };

  const editor = useFormDialog<DictEntryRow>({
    title: (row) => t(row ? 'dictionary.editEntry' : 'dictionary.addEntry'),
    width: 560,
    defaultSpan: 12,
    fields: () => [
      { key: 'dataName', label: t('dictionary.dataName'), ...fromSchema(DictEntrySave, 'dataName') },
      { key: 'dataValue', label: t('dictionary.dataValue'), ...fromSchema(DictEntrySave, 'dataValue') },
      { key: 'sort', label: t('dictionary.sort'), type: 'number', ...fromSchema(DictEntrySave, 'sort') },
      { key: 'status', label: t('dictionary.status'), type: 'switch' },
      { key: 'remark', label: t('common.remark'), type: 'textarea', ...fromSchema(DictEntrySave, 'remark'), span: 24 },
    ],
    initialValues: (row) => (row ? rowValues(row) : { sort: 0, status: 1 }),
    submit: async (v: FormValues, row) => {
      const sort = numberOrUndefined(v.sort);
      await save({
        kind: 'entry', ...(row ? { id: row.id } : {}), typeId: type.id, dataName: String(v.dataName), dataValue: String(v.dataValue),
        ...(sort !== undefined ? { sort } : {}), status: v.status === 0 ? 0 : 1, remark: textOrNull(v.remark),
      }).unwrap();
      changed();
    },
  });
  const removeRow = useConfirmDelete<DictEntryRow>({ name: (row) => row.dataName, remove: (row) => remove({ id: row.id, kind: 'entry' }).unwrap(), onDeleted: changed });
  const actions = useActionsColumn<DictEntryRow>([
    { label: t('common.edit'), permission: 'dictionary:save', onClick: editor.open },
    { label: t('common.delete'), permission: 'dictionary:delete', color: 'error', onClick: removeRow },
  ]);
  const columns = useMemo<TableColumn<DictEntryRow>[]>(() => [
    { field: 'dataName', headerName: t('dictionary.dataName'), flex: 1, minWidth: 100, sortable: true },
    { field: 'dataValue', headerName: t('dictionary.dataValue'), flex: 1, minWidth: 100, sortable: true },
    { field: 'sort', headerName: t('dictionary.sort'), width: 70, sortable: true },
    { field: 'status', headerName: t('dictionary.status'), width: 70, valueFormatter: (v: number) => t(v === 1 ? 'dictionary.enabled' : 'dictionary.disabled') },
    { field: 'remark', headerName: t('common.remark'), flex: 1, minWidth: 80 },
    actions,
  ], [t, actions]);

  return (
    <Stack spacing={1} sx={{ flex: 1, minHeight: 0, minWidth: 0 }} data-testid="dictionary-entries">
      <Typography variant="subtitle1">{t('dictionary.entriesOf', { name: type.typeName, code: type.typeCode })}</Typography>
      <ListPage<DictEntryRow> fields={[{ key: 'keyword', label: t('dictionary.entryKeyword') }]} filters={filters} filterSpan={12}
        actions={(
          <HasPermission keys={['dictionary:save']}>
            <Button variant="contained" color="success" onClick={() => editor.open()}>{t('dictionary.addEntry')}</Button>
          </HasPermission>
        )}
        ref={table} query={dictionaryApi.useDictEntryPageQuery} columns={columns} toQuery={(v) => ({ ...v, typeId: type.id })} stateKey="entries">
        {editor.element}
      </ListPage>
    </Stack>
  );
}
