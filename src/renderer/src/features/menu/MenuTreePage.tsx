import { useMemo, useState } from 'react';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Box, Button, Chip, IconButton, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography,
} from '@mui/material';
import type { MenuAdminNode } from '@shared/api/menu';
import { useConfirm } from '@renderer/components/ListPage';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { usePermission } from '@renderer/permission/permission';
import { menuApi } from './menuApi';
import { MenuDialog } from './MenuDialog';
import type { Editing } from './menuForm';

interface Visible {
  node: MenuAdminNode;
  depth: number;
}

/** The rows to draw: every menu whose ancestors are all expanded. */
function visibleRows(nodes: MenuAdminNode[], collapsed: Set<string>, depth = 0): Visible[] {
  return nodes.flatMap((node) => [{ node, depth }, ...(collapsed.has(node.menuNo) ? [] : visibleRows(node.children, collapsed, depth + 1))]);
}

const groupNos = (nodes: MenuAdminNode[]): string[] => nodes.flatMap((n) => (n.children.length ? [n.menuNo, ...groupNos(n.children)] : []));

/** 菜单管理: the navigation tree with each menu's buttons (permission keys); built-in menus cannot be deleted. */
export default function MenuTreePage() {
  const t = useT();
  const confirm = useConfirm();
  const { data: tree = [], isFetching } = menuApi.useMenuTreeQuery();
  const { data: menus = [] } = menuApi.useMenuListQuery();
  const [remove] = menuApi.useDeleteMenuMutation();
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<{ item: Editing; n: number } | null>(null);
  const rows = useMemo(() => visibleRows(tree, collapsed), [tree, collapsed]);
  const mayAdd = usePermission(['menu:add']);
  const mayEdit = usePermission(['menu:edit']);
  const mayDelete = usePermission(['menu:delete']);
  const open = (item: Editing) => setEditing((e) => ({ item, n: (e?.n ?? 0) + 1 }));

  const toggle = (menuNo: string) => setCollapsed((prev) => {
    const next = new Set(prev);
    if (next.has(menuNo)) next.delete(menuNo);
    else next.add(menuNo);
    return next;
  });

  // A refusal (children left, roles using it) is the server's message, shown by the HTTP client.
  const removeRow = (node: MenuAdminNode) => void confirm({
    title: t('common.delete'), message: t('common.confirmDelete', { name: node.menuName }), danger: true,
    action: () => remove({ id: node.id }).unwrap().then(() => notify(t('common.deleted'), 'success')),
  });

  // The icon is edited in the dialog: the table keeps to what fits a 1200-pixel screen.
  const head = [t('menu.colName'), t('menu.colNo'), t('menu.colRoute'), t('menu.colHidden'), t('menu.colSort'), t('menu.colButtons'), t('common.actions')];
  const compact = { minWidth: 0, px: 0.75 };
  return (
    <Stack spacing={1} sx={{ flex: 1, minHeight: 0, minWidth: 0 }}>
      <Stack direction="row" spacing={1}>
        <HasPermission keys={['menu:add']}>
          <Button variant="contained" color="success" onClick={() => open({ parentNo: null })}>{t('common.add')}</Button>
        </HasPermission>
        <Button onClick={() => setCollapsed(new Set())}>{t('menu.expandAll')}</Button>
        <Button onClick={() => setCollapsed(new Set(groupNos(tree)))}>{t('menu.collapseAll')}</Button>
      </Stack>
      <TableContainer component={Paper} variant="outlined" sx={{ flex: 1, minHeight: 200 }}>
        <Table size="small" stickyHeader aria-label={t('menu.title')}>
          <TableHead>
            <TableRow>{head.map((h) => <TableCell key={h} sx={{ whiteSpace: 'nowrap' }}>{h}</TableCell>)}</TableRow>
          </TableHead>
          <TableBody>
            {rows.map(({ node, depth }) => (
              <TableRow key={node.menuNo} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Stack direction="row" sx={{ alignItems: 'center', pl: depth * 3 }}>
                    {node.children.length > 0 ? (
                      <IconButton size="small" onClick={() => toggle(node.menuNo)}
                        aria-label={`${t(collapsed.has(node.menuNo) ? 'menu.expand' : 'menu.collapse')} ${node.menuName}`}
                        aria-expanded={!collapsed.has(node.menuNo)}>
                        {collapsed.has(node.menuNo) ? <ChevronRightIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
                      </IconButton>
                    ) : <Box sx={{ width: 30 }} />}
                    <Box component="span" sx={node.menuColor ? { color: node.menuColor } : undefined}>{node.menuName}</Box>
                    {node.builtIn && <Chip size="small" variant="outlined" label={t('menu.builtIn')} sx={{ ml: 1 }} />}
                  </Stack>
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{node.menuNo}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{node.menuUrl ?? node.menuLink}</TableCell>
                <TableCell>{t(node.hidden === 1 ? 'menu.yes' : 'menu.no_')}</TableCell>
                <TableCell>{node.sort}</TableCell>
                <TableCell>{node.buttonList.length}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {mayAdd && <Button size="small" sx={compact} onClick={() => open({ parentNo: node.menuNo, parentName: node.menuName })}>{t('menu.addChild')}</Button>}
                  {mayEdit && <Button size="small" sx={compact} onClick={() => open({ node })}>{t('common.edit')}</Button>}
                  {mayDelete && !node.builtIn && <Button size="small" sx={compact} color="error" onClick={() => removeRow(node)}>{t('common.delete')}</Button>}
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 && !isFetching && (
              <TableRow>
                <TableCell colSpan={head.length} align="center">
                  <Typography variant="body2" color="text.secondary">{t('common.noData')}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {editing && <MenuDialog key={editing.n} item={editing.item} menus={menus} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
