import { useEffect, useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { AppDrawer } from '@renderer/components/AppDrawer';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { notify } from '@renderer/notify/toast';
import { CurrentSelection } from './CurrentSelection';
import { canSubmit, togglePage, togglePick, type PickRow } from './selection';
import { SelectionList, type SelectionColumn } from './SelectionList';
import { usePagedRows, type FetchPage } from './usePagedRows';

/** SPEC 9: the selection drawer lists 50 rows per page by default. */
export const SELECTION_PAGE_SIZE = 50;

export interface SelectionSearchField {
  /** The search parameter passed to fetchPage. */
  key: string;
  label: string;
}

export interface SelectionDrawerProps {
  open: boolean;
  title?: string;
  width?: string | number;
  /** false (default): single mode, 确认 needs exactly one row. */
  multiple?: boolean;
  fetchPage: FetchPage;
  columns: SelectionColumn[];
  /** Field telling rows apart. Default 'id'. */
  rowKey?: string;
  /** Field shown in the 当前选择 list. Default 'name'. */
  nameKey?: string;
  /** Text fields of the search area; by default one 关键字 field sent as `keyword`. */
  searchFields?: SelectionSearchField[];
  pageSize?: number;
  /** Rows picked when the drawer opens. */
  selected?: PickRow[];
  onSubmit: (rows: PickRow[]) => void;
  onCancel: () => void;
}

const emptySearch = (fields: SelectionSearchField[]) => Object.fromEntries(fields.map((f) => [f.key, '']));

/** Selection drawer (SPEC 2, 5): search with 查询, a paged list, the 当前选择 list, 取消 / 确认. */
export function SelectionDrawer(props: SelectionDrawerProps) {
  const { open, title, width, multiple = false, fetchPage, columns, rowKey = 'id', nameKey = 'name', pageSize = SELECTION_PAGE_SIZE, selected, onSubmit, onCancel } = props;
  const t = useWidgetT();
  const searchFields = props.searchFields ?? [{ key: 'keyword', label: t('selectionDrawer.keyword') }];
  const [draft, setDraft] = useState<Record<string, string>>(() => emptySearch(searchFields));
  const [applied, setApplied] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<PickRow[]>(selected ?? []);
  const { list, total } = usePagedRows(fetchPage, open, page, pageSize, applied);

  // Each opening starts from the caller's preselection and the first page.
  useEffect(() => {
    if (!open) return;
    setPicked(selected ?? []);
    setPage(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only an opening resets; `selected` may be a new array each render
  }, [open]);

  const search = () => {
    // Empty fields are left out so fetchPage sees only real filters.
    setApplied(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()])));
    setPage(1);
  };

  const confirm = () => {
    if (!canSubmit(picked, multiple)) {
      notify(t('selectionDrawer.singleOnly'), 'error');
      return;
    }
    onSubmit(picked);
  };

  return (
    <AppDrawer open={open} title={title ?? t('selectionDrawer.title')} width={width} onCancel={onCancel} onConfirm={confirm}>
      <Stack direction="row" spacing={1} component="form" sx={{ mb: 1 }} onSubmit={(e) => (e.preventDefault(), search())}>
        {searchFields.map((f) => (
          <TextField key={f.key} size="small" label={f.label} value={draft[f.key] ?? ''} onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })} />
        ))}
        <Button type="submit" variant="contained">
          {t('common.query')}
        </Button>
      </Stack>
      <SelectionList
        columns={columns}
        rows={list}
        total={total}
        page={page}
        size={pageSize}
        rowKey={rowKey}
        nameKey={nameKey}
        picked={picked}
        onToggle={(row) => setPicked((p) => togglePick(p, row, rowKey))}
        onTogglePage={() => setPicked((p) => togglePage(p, list, rowKey))}
        onPage={setPage}
      />
      <CurrentSelection picked={picked} rowKey={rowKey} nameKey={nameKey} onRemove={(row) => setPicked((p) => togglePick(p, row, rowKey))} />
    </AppDrawer>
  );
}
