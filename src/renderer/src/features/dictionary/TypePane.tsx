import { useMemo, type Ref } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { DictTypeSave, type DictTypeRow } from '@shared/api/dictionary';
import { fromSchema, type FormField, type FormValues } from '@renderer/components/Form';
import { ListPage, rowValues, textOrNull, useActionsColumn, useConfirmDelete, useFormDialog, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn, TableHandle } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { dictionaryApi } from './dictionaryApi';

interface Props {
  selected: DictTypeRow | null;
  onSelect: (row: DictTypeRow | null) => void;
  tableRef: Ref<TableHandle>;
  reload: () => void;
}

/** 字典类型: searched by code or name; a click on a row shows its entries beside. */
export function TypePane({ selected, onSelect, tableRef, reload }: Props) {
  const t = useT();
  const filters = useListFilters({}, 'typeFilters');
  const [save] = dictionaryApi.useSaveDictionaryMutation();
  const [remove] = dictionaryApi.useDeleteDictionaryMutation();

  const editor = useFormDialog<DictTypeRow>({
    title: (row) => t(row ? 'dictionary.editType' : 'dictionary.addType'),
    width: 560,
    fields: (_v, row): FormField[] => [
      {
        // A built-in type's code is what the forms ask for: it stays.
        key: 'typeCode', label: t('dictionary.typeCode'), disabled: row?.builtIn,
        ...fromSchema(DictTypeSave, 'typeCode', { patternMessage: t('common.codePattern', { label: t('dictionary.typeCode') }) }),
      },
      { key: 'typeName', label: t('dictionary.typeName'), ...fromSchema(DictTypeSave, 'typeName') },
      { key: 'remark', label: t('common.remark'), type: 'textarea', ...fromSchema(DictTypeSave, 'remark') },
    ],
    initialValues: rowValues,
    submit: async (v: FormValues, row) => {
      const body = { kind: 'type' as const, ...(row ? { id: row.id } : {}), typeCode: String(v.typeCode), typeName: String(v.typeName), remark: textOrNull(v.remark) };
      await save(body).unwrap();
      if (row && row.id === selected?.id) onSelect({ ...row, typeCode: body.typeCode, typeName: body.typeName, remark: body.remark });
      reload();
    },
  });
  const removeRow = useConfirmDelete<DictTypeRow>({
    message: (row) => t('dictionary.deleteTypeConfirm', { name: row.typeName }),
    remove: (row) => remove({ id: row.id, kind: 'type' }).unwrap(),
    onDeleted: (row) => {
      if (row.id === selected?.id) onSelect(null);
      reload();
    },
  });
  const actions = useActionsColumn<DictTypeRow>([
    { label: t('common.edit'), permission: 'dictionary:save', onClick: editor.open },
    { label: t('common.delete'), permission: 'dictionary:delete', color: 'error', show: (r) => !r.builtIn, onClick: removeRow },
  ]);
  const columns = useMemo<TableColumn<DictTypeRow>[]>(() => [
    { field: 'typeName', headerName: t('dictionary.typeName'), flex: 1, minWidth: 100 },
    { field: 'typeCode', headerName: t('dictionary.typeCode'), flex: 1, minWidth: 100, sortable: true },
    { field: 'entryCount', headerName: t('dictionary.entryCount'), width: 70 },
    { field: 'builtIn', headerName: t('dictionary.builtIn'), width: 60, valueFormatter: (v: boolean) => t(v ? 'dictionary.yes' : 'dictionary.no') },
    actions,
  ], [t, actions]);

  return (
    <Stack spacing={1} sx={{ flex: 1, minHeight: 0, minWidth: 0 }} data-testid="dictionary-types">
      <Typography variant="subtitle1">{t('dictionary.types')}</Typography>
      <ListPage<DictTypeRow> fields={[{ key: 'keyword', label: t('dictionary.typeKeyword') }]} filters={filters} filterSpan={12}
        actions={(
          <HasPermission keys={['dictionary:save']}>
            <Button variant="contained" color="success" onClick={() => editor.open()}>{t('common.add')}</Button>
          </HasPermission>
        )}
        ref={tableRef} query={dictionaryApi.useDictTypePageQuery} columns={columns} stateKey="types"
        gridProps={{
          onRowClick: ({ row }) => onSelect(row as DictTypeRow),
          getRowClassName: ({ id }) => (id === selected?.id ? 'Mui-selected' : ''),
        }}>
        {editor.element}
      </ListPage>
    </Stack>
  );
}
