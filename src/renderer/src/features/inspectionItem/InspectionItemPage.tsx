import { useMemo, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Button, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { TableForm, type TableFormHandle } from '@renderer/components/TableForm';
import { lookupsApi } from '@renderer/features/lookups';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { inspectionItemApi } from './inspectionItemApi';
import { inspectionItemColumns, toInputs, toRows } from './inspectionItemColumns';

/** 检验项目: the inspection items of one gas, edited as a table and saved as a whole. */
export default function InspectionItemPage() {
  const t = useT();
  const table = useRef<TableFormHandle>(null);
  const { data: gases = [] } = lookupsApi.useMaterialOptionsQuery({});
  const [materialId, setMaterialId] = useState<number | ''>('');
  const { currentData: items } = inspectionItemApi.useTestProjectsQuery(materialId === '' ? skipToken : { materialId });
  const [saveItems, { isLoading: saving }] = inspectionItemApi.useSaveTestProjectsMutation();
  const rows = useMemo(() => (items ? toRows(items) : null), [items]);
  const columns = useMemo(() => inspectionItemColumns(t), [t]);

  const save = async () => {
    if (materialId === '' || !table.current?.validate().success) return;
    // A refusal is the server's message, shown by the HTTP client; the saved list comes back through the cache.
    const result = await saveItems({ materialId, projects: toInputs(table.current.getRows()) });
    if (!('error' in result)) notify(t('inspectionItem.saved'), 'success');
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1}>
        <TextField size="small" select label={t('inspectionItem.material')} value={materialId} onChange={(e) => setMaterialId(Number(e.target.value))} sx={{ minWidth: 240 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
          <MenuItem value="" disabled>{t('inspectionItem.chooseMaterial')}</MenuItem>
          {gases.map((g) => <MenuItem key={g.id} value={g.id}>{`${g.materialName}（${g.code}）`}</MenuItem>)}
        </TextField>
        <HasPermission keys={['productExam:save']}>
          <Button variant="contained" disabled={!rows} loading={saving} onClick={() => void save()}>{t('common.save')}</Button>
        </HasPermission>
      </Stack>
      {rows && (
        <Paper variant="outlined" sx={{ p: 1 }}>
          <TableForm key={`${materialId}:${items?.map((i) => i.id).join(',')}`} ref={table} columns={columns} value={rows} />
        </Paper>
      )}
    </Stack>
  );
}
