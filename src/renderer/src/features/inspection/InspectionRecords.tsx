import { useMemo, useState } from 'react';
import { Box, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { PRODUCTION } from '@shared/api/production';
import type { DataGridProps } from '@mui/x-data-grid';
import type { InspectionResult, InspectionResultInput, InspectionRecord } from '@shared/api/production';
import { AppDialog } from '@renderer/components/AppDialog';
import type { FormField, FormValues } from '@renderer/components/Form';
import { ExportButton, ImportDialog, ListPage, textOrNull, useActionsColumn, useFormDialog, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useMaterialOptions } from '@renderer/features/lookups';
import { dateTime } from '@renderer/stations/format';
import { codeColumn, historyFields, historyQuery, productionApi, revertedRows } from '@renderer/features/production';
import { dateRange, useUrlFilters } from '@renderer/hooks/useUrlFilters';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { downloadEndpoint } from '@renderer/store/endpoints';

type T = ReturnType<typeof useT>;

const failedNames = (r: InspectionRecord) => r.items.filter((i) => !i.passed).map((i) => i.projectName);
const itemValue = (t: T, i: InspectionResult) => (i.value !== null ? `${i.value}${i.unit ? ` ${i.unit}` : ''}` : i.text ?? (i.passed ? t('inspection.pass') : t('inspection.fail')));

function ResultText({ passed }: { passed: boolean }) {
  const t = useT();
  return <Typography variant="inherit" component="span" color={passed ? 'success.main' : 'error'} sx={{ fontWeight: 600 }}>{passed ? t('inspection.pass') : t('inspection.fail')}</Typography>;
}

/** 详情: every item of one inspection with its standard and verdict. */
function DetailDialog({ record, onClose }: { record: InspectionRecord; onClose: () => void }) {
  const t = useT();
  return (
    <AppDialog open title={t('inspection.detailTitle', { code: record.code })} width={640} onClose={onClose} footer={false}>
      <Stack spacing={1.5}>
        <Typography variant="body2">
          {[record.materialName, dateTime(record.createdAt), record.operator, record.workstation].filter(Boolean).join(' · ')}
        </Typography>
        <Typography>{t('inspection.result')}：<ResultText passed={record.result === 1} /></Typography>
        <Table size="small" aria-label={t('inspection.items')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('inspection.project')}</TableCell>
              <TableCell>{t('inspection.standardCol')}</TableCell>
              <TableCell>{t('inspection.value')}</TableCell>
              <TableCell>{t('inspection.result')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {record.items.map((i) => (
              <TableRow key={i.projectId}>
                <TableCell>{i.projectName}{i.required ? ' *' : ''}</TableCell>
                <TableCell>{i.standard ?? '—'}</TableCell>
                <TableCell>{itemValue(t, i)}</TableCell>
                <TableCell><ResultText passed={i.passed} /></TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {record.remark && <Typography variant="body2">{t('common.remark')}：{record.remark}</Typography>}
      </Stack>
    </AppDialog>
  );
}

const valueKey = (i: InspectionResult) => `v${i.projectId}`;
const choiceKey = (i: InspectionResult) => `p${i.projectId}`;
const measured = (i: InspectionResult) => i.value !== null;

/** The edit form's values back as the contract's items: every item, its new value or verdict. */
export function editedItems(record: InspectionRecord, v: FormValues): InspectionResultInput[] {
  return record.items.map((i) => (measured(i)
    ? { projectId: i.projectId, value: typeof v[valueKey(i)] === 'number' ? (v[valueKey(i)] as number) : i.value }
    : { projectId: i.projectId, passed: v[choiceKey(i)] === 1, ...(i.text !== null ? { text: i.text } : {}) }));
}

/** 检验记录 below the station: filters, 详情, and 修改 (inspect:edit) with a required reason. */
export function InspectionRecords() {
  const t = useT();
  const gases = useMaterialOptions(true);
  const filters = useListFilters({}, 'records.test');
  useUrlFilters((p) => { const range = dateRange(p); if (range) filters.search({ date: range }); });
  const [detail, setDetail] = useState<InspectionRecord | null>(null);
  const [update] = productionApi.useUpdateTestMutation();
  const [sendImport] = productionApi.useImportInspectionsMutation();
  const [importing, setImporting] = useState(false);

  const editor = useFormDialog<InspectionRecord>({
    title: (r) => t('inspection.editTitle', { code: r?.code ?? '' }),
    width: 640,
    defaultSpan: 12,
    fields: (_v, r) => [
      ...(r?.items ?? []).map<FormField>((i) => (measured(i)
        ? { key: valueKey(i), label: i.unit ? `${i.projectName}（${i.unit}）` : i.projectName, type: 'number', decimal: 6, placeholder: i.standard ?? undefined, rules: [{ required: true }] }
        : { key: choiceKey(i), label: i.projectName, type: 'radio', options: [{ label: t('inspection.pass'), value: 1 }, { label: t('inspection.fail'), value: 0 }], rules: [{ required: true }] })),
      { key: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 255, span: 24 },
      { key: 'reason', label: t('inspection.editReason'), maxLength: 200, span: 24, rules: [{ required: true }] },
    ],
    initialValues: (r) => Object.fromEntries([
      ...(r?.items ?? []).map((i) => (measured(i) ? [valueKey(i), i.value] : [choiceKey(i), i.passed ? 1 : 0])),
      ['remark', r?.remark ?? ''],
    ]),
    submit: (v, r) => update({ id: r!.id, items: editedItems(r!, v), remark: textOrNull(v.remark), reason: String(v.reason) }).unwrap(),
  });

  const actions = useActionsColumn<InspectionRecord>([
    { label: t('inspection.detail'), onClick: setDetail },
    { label: t('inspection.edit'), permission: 'inspect:edit', onClick: editor.open, show: (r) => !r.reverted },
  ]);
  const columns = useMemo<TableColumn<InspectionRecord>[]>(() => [
    { field: 'createdAt', headerName: t('production.time'), width: 145, valueFormatter: (v: string) => dateTime(v) },
    codeColumn<InspectionRecord>(t, (r) => r.reverted),
    { field: 'materialName', headerName: t('production.gas'), width: 80 },
    { field: 'result', headerName: t('inspection.result'), width: 70, renderCell: ({ row }) => <ResultText passed={row.result === 1} /> },
    {
      field: 'items', headerName: t('inspection.failedItems'), flex: 1, minWidth: 120,
      renderCell: ({ row }) => <Box component="span" sx={{ color: 'error.main' }}>{failedNames(row).join('、')}</Box>,
    },
    { field: 'operator', headerName: t('production.operatedBy'), width: 80 },
    { field: 'workstation', headerName: t('production.workstation'), width: 100 },
    { field: 'updatedAt', headerName: t('inspection.edited'), width: 60, valueGetter: (v: string, r) => (v && v !== r.createdAt ? t('inspection.editedYes') : '') },
    actions,
  ], [t, actions]);

  const fields: FormField[] = [
    ...historyFields(t, gases),
    { key: 'result', label: t('inspection.result'), type: 'select', span: 4, options: [{ label: t('inspection.pass'), value: 1 }, { label: t('inspection.fail'), value: 0 }] },
  ];

  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" sx={{ flex: 1 }}>{t('inspection.records')}</Typography>
        <HasPermission keys={['inspect:import']}>
          <Button variant="outlined" size="small" onClick={() => setImporting(true)}>{t('common.import')}</Button>
        </HasPermission>
        <ExportButton endpoint={PRODUCTION.exportTestList} arg={historyQuery(filters.applied)} permission="inspect:export" />
      </Stack>
      <ListPage<InspectionRecord> fields={fields} filters={filters} filterSpan={4} toQuery={historyQuery} query={productionApi.useTestHistoryQuery} columns={columns}
        stateKey="records.test.table" height="auto" defaultPageSize={10} gridProps={revertedRows as Partial<DataGridProps<InspectionRecord>>}>
        {editor.element}
        <ImportDialog open={importing} title={t('inspection.importTitle')} onClose={() => setImporting(false)} onImported={() => setImporting(false)}
          send={(file, dryRun) => sendImport({ file, dryRun }).unwrap()}
          downloadTemplate={() => downloadEndpoint(PRODUCTION.testTemplate, undefined)}
          importedText={(n) => t('inspection.imported', { n })} />
        {detail && <DetailDialog record={detail} onClose={() => setDetail(null)} />}
      </ListPage>
    </Stack>
  );
}
