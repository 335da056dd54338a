import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, MenuItem, Paper, Stack, TextField } from '@mui/material';
import type { MaterialOption } from '@shared/api/material';
import { TableForm, type TableFormHandle, type TableRow } from '@renderer/components/TableForm';
import { fetchMaterialOptions } from '@renderer/features/material/materialApi';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { fetchTestProjects, saveTestProjects } from './productExamApi';
import { testProjectColumns, toInputs, toRows } from './testProjectColumns';

/** 检验项目: the inspection items of one gas, edited as a table and saved as a whole. */
export default function ProductExamPage() {
  const t = useT();
  const table = useRef<TableFormHandle>(null);
  const [gases, setGases] = useState<MaterialOption[]>([]);
  const [materialId, setMaterialId] = useState<number | ''>('');
  const [rows, setRows] = useState<Partial<TableRow>[] | null>(null);
  const [saving, setSaving] = useState(false);
  const columns = useMemo(() => testProjectColumns(t), [t]);

  useEffect(() => {
    fetchMaterialOptions().then((list) => setGases(list ?? [])).catch(() => undefined);
  }, []);
  useEffect(() => {
    if (materialId === '') return;
    let live = true;
    setRows(null);
    fetchTestProjects(materialId).then((items) => live && setRows(toRows(items ?? []))).catch(() => undefined);
    return () => void (live = false);
  }, [materialId]);

  const save = async () => {
    if (materialId === '' || !table.current?.validate().success) return;
    setSaving(true);
    try {
      const saved = await saveTestProjects({ materialId, projects: toInputs(table.current.getRows()) });
      setRows(toRows(saved ?? []));
      notify(t('productExam.saved'), 'success');
    } catch {
      // the client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1}>
        <TextField size="small" select label={t('productExam.material')} value={materialId} onChange={(e) => setMaterialId(Number(e.target.value))} sx={{ minWidth: 240 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
          <MenuItem value="" disabled>{t('productExam.chooseMaterial')}</MenuItem>
          {gases.map((g) => <MenuItem key={g.id} value={g.id}>{`${g.materialName}（${g.code}）`}</MenuItem>)}
        </TextField>
        <HasPermission keys={['productExam:save']}>
          <Button variant="contained" disabled={!rows} loading={saving} onClick={() => void save()}>{t('common.save')}</Button>
        </HasPermission>
      </Stack>
      {rows && (
        <Paper variant="outlined" sx={{ p: 1 }}>
          <TableForm key={materialId} ref={table} columns={columns} value={rows} />
        </Paper>
      )}
    </Stack>
  );
}
