import { useMemo, useRef, useState } from 'react';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import type { MaterialPageQuery, MaterialRow } from '@shared/api/material';
import { PaginatedTable, type PageParams, type TableColumn, type TableHandle } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { fetchMaterialPage, setMaterialStatus } from './materialApi';
import { MaterialDialog } from './MaterialDialog';
import { optionLabel, useEnumOptions } from './useEnumOptions';

const HAZARD_KEYS = ['flammable', 'toxic', 'oxidizing', 'corrosive'] as const;
const emptyFilters = { materialName: '', code: '', category: '', status: '' as number | '' };

/** 介质管理: the gases, their inspection and fill rules, 启用/停用. */
export default function MaterialListPage() {
  const t = useT();
  const categories = useEnumOptions('gasCategory');
  const table = useRef<TableHandle>(null);
  const [draft, setDraft] = useState(emptyFilters);
  const [filters, setFilters] = useState(emptyFilters);
  const [editing, setEditing] = useState<MaterialRow | 'new' | null>(null);

  const toggle = async (row: MaterialRow) => {
    await setMaterialStatus({ id: row.id, status: row.status === 1 ? 0 : 1 });
    notify(t(row.status === 1 ? 'material.stopped' : 'material.started'), 'success');
    table.current?.reload();
  };

  const columns = useMemo<TableColumn<MaterialRow>[]>(
    () => [
      { field: 'materialName', headerName: t('material.name'), flex: 1, minWidth: 120 },
      { field: 'materialShortName', headerName: t('material.shortName'), width: 110 },
      { field: 'code', headerName: t('material.code'), width: 110 },
      { field: 'category', headerName: t('material.category'), width: 120, valueFormatter: (v: string) => optionLabel(categories, v) },
      { field: 'hazards', headerName: t('material.hazards'), width: 150, valueGetter: (_v: unknown, row: MaterialRow) => HAZARD_KEYS.filter((k) => row[k]).map((k) => t(`material.${k}`)).join('、') },
      { field: 'inspectionIntervalYears', headerName: t('material.interval'), width: 130 },
      { field: 'status', headerName: t('material.status'), width: 80, valueFormatter: (v: number) => t(v === 1 ? 'material.statusOn' : 'material.statusOff') },
      { field: 'remark', headerName: t('material.remark'), flex: 1, minWidth: 120 },
      {
        field: 'actions',
        headerName: t('material.actions'),
        width: 180, // two small buttons side by side, unclipped
        renderCell: ({ row }) => (
          <>
            <HasPermission keys={['material:edit']}>
              <Button size="small" onClick={() => setEditing(row)}>{t('material.editButton')}</Button>
            </HasPermission>
            <HasPermission keys={['material:status']}>
              <Button size="small" color={row.status === 1 ? 'warning' : 'primary'} onClick={() => void toggle(row).catch(() => undefined)}>
                {t(row.status === 1 ? 'material.stop' : 'material.start')}
              </Button>
            </HasPermission>
          </>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, categories],
  );

  const search = () => setFilters({ ...draft, materialName: draft.materialName.trim(), code: draft.code.trim() });

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} component="form" onSubmit={(e) => (e.preventDefault(), search())}>
        <TextField size="small" label={t('material.name')} value={draft.materialName} onChange={(e) => setDraft({ ...draft, materialName: e.target.value })} />
        <TextField size="small" label={t('material.code')} value={draft.code} onChange={(e) => setDraft({ ...draft, code: e.target.value })} />
        <TextField size="small" select label={t('material.category')} value={draft.category} onChange={(e) => setDraft({ ...draft, category: e.target.value })} sx={{ minWidth: 150 }}>
          <MenuItem value="">{t('material.all')}</MenuItem>
          {categories.map((c) => <MenuItem key={c.value} value={c.value}>{c.label}</MenuItem>)}
        </TextField>
        <TextField size="small" select label={t('material.status')} value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value === '' ? '' : Number(e.target.value) })} sx={{ minWidth: 120 }}>
          <MenuItem value="">{t('material.all')}</MenuItem>
          <MenuItem value={1}>{t('material.statusOn')}</MenuItem>
          <MenuItem value={0}>{t('material.statusOff')}</MenuItem>
        </TextField>
        <Button type="submit" variant="contained">{t('common.query')}</Button>
        <HasPermission keys={['material:add']}>
          <Button variant="contained" color="success" onClick={() => setEditing('new')}>{t('material.addButton')}</Button>
        </HasPermission>
      </Stack>
      <PaginatedTable<MaterialRow> ref={table} fetchPage={(p: PageParams) => fetchMaterialPage(p as MaterialPageQuery)} columns={columns} filters={filters} height={600} />
      {editing && (
        <MaterialDialog
          editing={editing}
          categories={categories}
          onClose={() => setEditing(null)}
          onSaved={() => (setEditing(null), table.current?.reload())}
        />
      )}
    </Stack>
  );
}
