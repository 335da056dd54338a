import { Button, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { DeptSaveBody, type DeptEditBody, type DeptNode } from '@shared/api/user';
import { fromSchema, type FormValues } from '@renderer/components/Form';
import { numberOrUndefined, textOrNull, useConfirmDelete, useFormDialog } from '@renderer/components/ListPage';
import { NoDataRow, TreeNameCell, useTreeRows } from '@renderer/components/TreeTable';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { usePermission } from '@renderer/permission/permission';
import { deptApi } from './deptApi';
import { deptOptions } from './deptOptions';

/** The parent select's value for 无（顶级部门）: the select needs a value, the body says null. */
const TOP = 0;

/** What the dialog edits: a department, or a new one under `parentId` (null: top level). */
type Editing = { row: DeptNode } | { parentId: number | null; parentName?: string };

const toBody = (v: FormValues): Omit<DeptEditBody, 'id'> => ({
  deptName: String(v.deptName ?? '').trim(),
  parentId: v.parentId === TOP || v.parentId === undefined || v.parentId === null || v.parentId === '' ? null : Number(v.parentId),
  leader: textOrNull(v.leader),
  phone: textOrNull(v.phone),
  sort: numberOrUndefined(v.sort) ?? 0,
});

/** 组织架构: the department tree; departments are added at the top or under one, edited and deleted. */
export default function DeptTreePage() {
  const t = useT();
  const { data: tree = [], isFetching } = deptApi.useDeptTreeQuery({ id: 0 });
  const { data: flat = [] } = deptApi.useDeptListQuery();
  const [save] = deptApi.useSaveDeptMutation();
  const [edit] = deptApi.useEditDeptMutation();
  const [remove] = deptApi.useDeleteDeptMutation();
  const folding = useTreeRows(tree, (node) => node.id);
  const mayAdd = usePermission(['dept:add']);
  const mayEdit = usePermission(['dept:edit']);
  const mayDelete = usePermission(['dept:delete']);

  const editor = useFormDialog<Editing>({
    title: (item) => {
      if (item && 'row' in item) return t('dept.edit');
      if (item?.parentName) return t('dept.addChildOf', { name: item.parentName });
      return t('dept.add');
    },
    defaultSpan: 12,
    fields: (_values, item) => [
      { key: 'deptName', label: t('dept.name'), ...fromSchema(DeptSaveBody, 'deptName') },
      {
        key: 'parentId', label: t('dept.parent'), type: 'select',
        options: [{ label: t('dept.topLevel'), value: TOP }, ...deptOptions(flat, item && 'row' in item ? item.row.id : undefined)],
      },
      { key: 'leader', label: t('dept.leader'), ...fromSchema(DeptSaveBody, 'leader') },
      { key: 'phone', label: t('dept.phone'), ...fromSchema(DeptSaveBody, 'phone', { patternMessage: t('dept.phonePattern') }) },
      { key: 'sort', label: t('dept.sort'), type: 'number', ...fromSchema(DeptSaveBody, 'sort') },
    ],
    initialValues: (item) => {
      if (item && 'row' in item) {
        const { row } = item;
        return { deptName: row.deptName, parentId: row.parentId ?? TOP, leader: row.leader, phone: row.phone, sort: row.sort };
      }
      return { parentId: item?.parentId ?? TOP, sort: 0 };
    },
    submit: (v, item) => (item && 'row' in item ? edit({ id: item.row.id, ...toBody(v) }) : save(toBody(v))).unwrap(),
  });

  // A refusal (sub-departments or users left) is the server's message, shown by the HTTP client.
  const removeRow = useConfirmDelete<DeptNode>({ name: (row) => row.deptName, remove: (row) => remove({ id: row.id }).unwrap() });

  const head = [t('dept.name'), t('dept.leader'), t('dept.phone'), t('dept.sort'), t('dept.userCount')];
  return (
    <Stack spacing={1} sx={{ flex: 1, minHeight: 0, minWidth: 0 }}>
      <Stack direction="row" spacing={1}>
        <HasPermission keys={['dept:add']}>
          <Button variant="contained" color="success" onClick={() => editor.open({ parentId: null })}>{t('common.add')}</Button>
        </HasPermission>
        <Button onClick={folding.expandAll}>{t('dept.expandAll')}</Button>
        <Button onClick={folding.collapseAll}>{t('dept.collapseAll')}</Button>
      </Stack>
      <TableContainer component={Paper} variant="outlined" sx={{ flex: 1, minHeight: 200 }}>
        <Table size="small" stickyHeader aria-label={t('dept.title')}>
          <TableHead>
            <TableRow>
              {head.map((h) => <TableCell key={h}>{h}</TableCell>)}
              <TableCell>{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {folding.rows.map(({ node, depth }) => (
              <TableRow key={node.id} hover>
                <TreeNameCell depth={depth} hasChildren={node.children.length > 0} collapsed={folding.isCollapsed(node)}
                  onToggle={() => folding.toggle(node)}
                  toggleLabel={`${t(folding.isCollapsed(node) ? 'dept.expand' : 'dept.collapse')} ${node.deptName}`}>
                  <span>{node.deptName}</span>
                </TreeNameCell>
                <TableCell>{node.leader}</TableCell>
                <TableCell>{node.phone}</TableCell>
                <TableCell>{node.sort}</TableCell>
                <TableCell>{node.userCount}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {mayAdd && <Button size="small" onClick={() => editor.open({ parentId: node.id, parentName: node.deptName })}>{t('dept.addChild')}</Button>}
                  {mayEdit && <Button size="small" onClick={() => editor.open({ row: node })}>{t('common.edit')}</Button>}
                  {mayDelete && <Button size="small" color="error" onClick={() => removeRow(node)}>{t('common.delete')}</Button>}
                </TableCell>
              </TableRow>
            ))}
            <NoDataRow colSpan={head.length + 1} show={folding.rows.length === 0 && !isFetching} />
          </TableBody>
        </Table>
      </TableContainer>
      {editor.element}
    </Stack>
  );
}
