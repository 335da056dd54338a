import { useMemo, useRef } from 'react';
import { Button, Stack, type ButtonProps } from '@mui/material';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { PermissionKey } from '@shared/menus';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { hasPermission } from '@renderer/permission/permission';
import { useAppSelector } from '@renderer/store/hooks';

/** One button of a row, declared as data. */
export interface RowAction<R> {
  label: string;
  onClick: (row: R) => void;
  /** Hidden from a user without this key. */
  permission?: PermissionKey;
  color?: ButtonProps['color'];
  /** Offered only for rows it applies to (no 报废 on a scrapped cylinder). */
  show?: (row: R) => boolean;
}

/** px per character of a compact text button, and its padding. */
const CHAR_PX = 14;
const BUTTON_PAD = 14;

/**
 * The 操作 column: the row's buttons the user holds, compact, the column as wide as the widest set
 * needs, so nothing is cut off. The actions may be declared inline: the column changes only when their
 * labels or keys do, and a click runs the latest handler.
 */
export function useActionsColumn<R extends GridValidRowModel>(actions: RowAction<R>[], header?: string): TableColumn<R> {
  const t = useWidgetT();
  const granted = useAppSelector((s) => s.menu.permissions);
  const latest = useRef(actions);
  latest.current = actions;
  const shape = actions.map((a) => `${a.label}|${a.permission ?? ''}|${String(a.color ?? '')}`).join(',');
  return useMemo(() => {
    const allowed = latest.current.map((a, i) => ({ ...a, i })).filter((a) => !a.permission || hasPermission([a.permission], granted));
    const width = Math.max(80, allowed.reduce((w, a) => w + a.label.length * CHAR_PX + BUTTON_PAD, 16));
    return {
      field: 'actions',
      headerName: header ?? t('common.actions'),
      width,
      minWidth: width,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
          {allowed.filter((a) => latest.current[a.i]?.show?.(row) ?? true).map((a) => (
            <Button key={a.label} size="small" color={a.color ?? 'primary'} sx={{ minWidth: 0, px: 0.75 }} onClick={() => latest.current[a.i]?.onClick(row)}>
              {a.label}
            </Button>
          ))}
        </Stack>
      ),
    };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `shape` stands for the actions; handlers are read through `latest`
  }, [shape, granted, header, t]);
}
