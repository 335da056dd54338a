import { useState } from 'react';
import { Box, Button, Chip, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { MenuAdminNode } from '@shared/api/menu';
import { useConfirmDelete } from '@renderer/components/ListPage';
import { NoDataRow, TreeNameCell, useTreeRows } from '@renderer/components/TreeTable';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { usePermission } from '@renderer/permission/permission';
import { menuApi } from './menuApi';
import { MenuDialog } from './MenuDialog';
import type { Editing } from './menuForm';

/** 菜单管理: the navigation tree with each menu's buttons (permission keys); built-in menus cannot be deleted. */
export default function MenuTreePage() {
  const t = useT();
  const { data: tree = [], isFetching } = menuApi.useMenuTreeQuery();
  const { data: menus = [] } = menuApi.useMenuListQuery();
  const [remove] = menuApi.useDeleteMenuMutation();
  const folding = useTreeRows(tree, (node: MenuAdminNode) => node.menuNo);
  const [editing, setEditing] = useState<{ item: Editing; n: number } | null>(null);
  const mayAdd = usePermission(['menu:add']);
  const mayEdit = usePermission(['menu:edit']);
  const mayDelete = usePermission(['menu:delete']);
  const open = (item: Editing) => setEditing((e) => ({ item, n: (e?.n ?? 0) + 1 }));

  // A refusal (children left, roles using it) is the server's message, shown by the HTTP client.
  const removeRow = useConfirmDelete<MenuAdminNode>({ name: (node) => node.menuName, remove: (node) => remove({ id: node.id }).unwrap() });

  // The icon is edited in the dialog: the table keeps to what fits a 1200-pixel screen.
  const head = [t('menu.colName'), t('menu.colNo'), t('menu.colRoute'), t('menu.colHidden'), t('menu.colSort'), t('menu.colButtons'), t('common.actions')];
  const compact = { minWidth: 0, px: 0.75 };
  return (
    <Stack spacing={1} sx={{ flex: 1, minHeight: 0, minWidth: 0 }}>
      <Stack direction="row" spacing={1}>
        <HasPermission keys={['menu:add']}>
          <Button variant="contained" color="success" onClick={() => open({ parentNo: null })}>{t('common.add')}</Button>
        </HasPermission>
        <Button onClick={folding.expandAll}>{t('menu.expandAll')}</Button>
        <Button onClick={folding.collapseAll}>{t('menu.collapseAll')}</Button>
      </Stack>
      <TableContainer component={Paper} variant="outlined" sx={{ flex: 1, minHeight: 200 }}>
        <Table size="small" stickyHeader aria-label={t('menu.title')}>
          <TableHead>
            <TableRow>{head.map((h) => <TableCell key={h} sx={{ whiteSpace: 'nowrap' }}>{h}</TableCell>)}</TableRow>
          </TableHead>
          <TableBody>
            {folding.rows.map(({ node, depth }) => (
              <TableRow key={node.menuNo} hover>
                <TreeNameCell depth={depth} hasChildren={node.children.length > 0} collapsed={folding.isCollapsed(node)}
                  onToggle={() => folding.toggle(node)}
                  toggleLabel={`${t(folding.isCollapsed(node) ? 'menu.expand' : 'menu.collapse')} ${node.menuName}`}>
                  <Box component="span" sx={node.menuColor ? { color: node.menuColor } : undefined}>{node.menuName}</Box>
                  {node.builtIn && <Chip size="small" variant="outlined" label={t('menu.builtIn')} sx={{ ml: 1 }} />}
                </TreeNameCell>
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
            <NoDataRow colSpan={head.length} show={folding.rows.length === 0 && !isFetching} />
          </TableBody>
        </Table>
      </TableContainer>
      {editing && <MenuDialog key={editing.n} item={editing.item} menus={menus} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
