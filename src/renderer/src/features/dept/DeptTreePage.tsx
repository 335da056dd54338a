import { useMemo, useState } from 'react';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Box, Button, IconButton, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography,
} from '@mui/material';
import type { DeptEditBody, DeptNode } from '@shared/api/user';
import type { FormValues } from '@renderer/components/Form';
import { numberOrUndefined, textOrNull, useConfirm, useFormDialog } from '@renderer/components/ListPage';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { usePermission } from '@renderer/permission/permission';
import { deptApi } from './deptApi';
import { deptOptions } from './deptOptions';

const PHONE = /^[0-9+\-() ]{3,32}$/;
/** The parent select's value for 无（顶级部门）: the select needs a value, the body says null. */
const TOP = 0;

/** What the dialog edits: a department, or a new one under `parentId` (null: top level). */
type Editing = { row: DeptNode } | { parentId: number | null; parentName?: string };

interface Visible {
  node: DeptNode;
  depth: number;
}

/** The rows to draw: every department whose ancestors are all expanded. */
function visibleRows(nodes: DeptNode[], collapsed: Set<number>, depth = 0): Visible[] {
  return nodes.flatMap((node) => [
    { node, depth },
    ...(collapsed.has(node.id) ? [] : visibleRows(node.children, collapsed, depth + 1)),
  ]);
}

const allIds = (nodes: DeptNode[]): number[] => nodes.flatMap((n) => [n.id, ...allIds(n.children)]);

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
  const confirm = useConfirm();
  const { data: tree = [], isFetching } = deptApi.useDeptTreeQuery({ id: 0 });
  const { data: flat = [] } = deptApi.useDeptListQuery();
  const [save] = deptApi.useSaveDeptMutation();
  const [edit] = deptApi.useEditDeptMutation();
  const [remove] = deptApi.useDeleteDeptMutation();
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const rows = useMemo(() => visibleRows(tree, collapsed), [tree, collapsed]);
  const mayAdd = usePermission(['dept:add']);
  const mayEdit = usePermission(['dept:edit']);
  const mayDelete = usePermission(['dept:delete']);

  const toggle = (id: number) => setCollapsed((prev) => {
    const next = new Set(prev);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });

  const editor = useFormDialog<Editing>({
    title: (item) => {
      if (item && 'row' in item) return t('dept.edit');
      if (item?.parentName) return t('dept.addChildOf', { name: item.parentName });
      return t('dept.add');
    },
    defaultSpan: 12,
    fields: (_values, item) => [
      { key: 'deptName', label: t('dept.name'), rules: [{ required: true }, { max: 64 }] },
      {
        key: 'parentId', label: t('dept.parent'), type: 'select',
        options: [{ label: t('dept.topLevel'), value: TOP }, ...deptOptions(flat, item && 'row' in item ? item.row.id : undefined)],
      },
      { key: 'leader', label: t('dept.leader'), rules: [{ max: 64 }] },
      { key: 'phone', label: t('dept.phone'), rules: [{ pattern: PHONE, message: t('dept.phonePattern') }] },
      { key: 'sort', label: t('dept.sort'), type: 'number', min: 0, max: 100_000, decimal: 0 },
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
  const removeRow = (row: DeptNode) => void confirm({
    title: t('common.delete'), message: t('common.confirmDelete', { name: row.deptName }), danger: true,
    action: () => remove({ id: row.id }).unwrap().then(() => notify(t('common.deleted'), 'success')),
  });

  const head = [t('dept.name'), t('dept.leader'), t('dept.phone'), t('dept.sort'), t('dept.userCount')];
  return (
    <Stack spacing={1} sx={{ flex: 1, minHeight: 0, minWidth: 0 }}>
      <Stack direction="row" spacing={1}>
        <HasPermission keys={['dept:add']}>
          <Button variant="contained" color="success" onClick={() => editor.open({ parentId: null })}>{t('common.add')}</Button>
        </HasPermission>
        <Button onClick={() => setCollapsed(new Set())}>{t('dept.expandAll')}</Button>
        <Button onClick={() => setCollapsed(new Set(allIds(tree)))}>{t('dept.collapseAll')}</Button>
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
            {rows.map(({ node, depth }) => (
              <TableRow key={node.id} hover>
                <TableCell>
                  <Stack direction="row" sx={{ alignItems: 'center', pl: depth * 3 }}>
                    {node.children.length > 0 ? (
                      <IconButton size="small" onClick={() => toggle(node.id)}
                        aria-label={`${t(collapsed.has(node.id) ? 'dept.expand' : 'dept.collapse')} ${node.deptName}`}
                        aria-expanded={!collapsed.has(node.id)}>
                        {collapsed.has(node.id) ? <ChevronRightIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
                      </IconButton>
                    ) : <Box sx={{ width: 30 }} />}
                    <span>{node.deptName}</span>
                  </Stack>
                </TableCell>
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
            {rows.length === 0 && !isFetching && (
              <TableRow>
                <TableCell colSpan={head.length + 1} align="center">
                  <Typography variant="body2" color="text.secondary">{t('common.noData')}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {editor.element}
    </Stack>
  );
}
