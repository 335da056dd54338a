import { useMemo, useState, type ReactNode } from 'react';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, IconButton, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { useWidgetT } from '@renderer/hooks/useWidgetT';

interface TreeNode<T> {
  children: T[];
}

/**
 * The rows of a tree table to draw (every node whose ancestors are all expanded, with its depth) and
 * its folding: `toggle` one node, `expandAll`, `collapseAll` (every node with children).
 */
export function useTreeRows<T extends TreeNode<T>, K>(nodes: T[], keyOf: (node: T) => K) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<K>>(new Set());
  const rows = useMemo(() => {
    const walk = (list: T[], depth: number): Array<{ node: T; depth: number }> =>
      list.flatMap((node) => [{ node, depth }, ...(collapsed.has(keyOf(node)) ? [] : walk(node.children, depth + 1))]);
    return walk(nodes, 0);
    // keyOf is a pure accessor: a new function per render must not rebuild the rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nodes, collapsed]);
  const groups = (list: T[]): K[] => list.flatMap((n) => (n.children.length ? [keyOf(n), ...groups(n.children)] : []));
  return {
    rows,
    isCollapsed: (node: T) => collapsed.has(keyOf(node)),
    toggle: (node: T) => setCollapsed((prev) => {
      const next = new Set(prev);
      const key = keyOf(node);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    }),
    expandAll: () => setCollapsed(new Set()),
    collapseAll: () => setCollapsed(new Set(groups(nodes))),
  };
}

/** The first cell of a tree row: indented by depth, with a fold button when the node has children. */
export function TreeNameCell({ depth, hasChildren, collapsed, onToggle, toggleLabel, children }: {
  depth: number;
  hasChildren: boolean;
  collapsed: boolean;
  onToggle: () => void;
  /** The fold button's accessible name, e.g. 收起 产品中心. */
  toggleLabel: string;
  children: ReactNode;
}) {
  return (
    <TableCell sx={{ whiteSpace: 'nowrap' }}>
      <Stack direction="row" sx={{ alignItems: 'center', pl: depth * 3 }}>
        {hasChildren ? (
          <IconButton size="small" onClick={onToggle} aria-label={toggleLabel} aria-expanded={!collapsed}>
            {collapsed ? <ChevronRightIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
          </IconButton>
        ) : <Box sx={{ width: 30 }} />}
        {children}
      </Stack>
    </TableCell>
  );
}

/** 暂无数据 across a plain table, once its data has loaded empty. */
export function NoDataRow({ colSpan, show }: { colSpan: number; show: boolean }) {
  const t = useWidgetT();
  if (!show) return null;
  return (
    <TableRow>
      <TableCell colSpan={colSpan} align="center">
        <Typography variant="body2" color="text.secondary">{t('common.noData')}</Typography>
      </TableCell>
    </TableRow>
  );
}
