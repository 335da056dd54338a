import { createRef, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within, configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { PageResult } from '@shared/api/schema';
import { screenStateSlice } from '@renderer/store/screenStateSlice';
import { PaginatedTable, type PageParams, type TableColumn, type TableHandle } from './PaginatedTable';

// MUI renders slowly on a busy machine: wait longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

interface Row {
  id: number;
  code: string;
  name: string;
}

const columns: TableColumn<Row>[] = [
  { field: 'code', headerName: '编码', sortable: true, sidx: 'cylinder_code' },
  { field: 'name', headerName: '名称' },
];

/** A fake server holding `total` rows, paging them as the list contract says. */
function server(total = 45) {
  const all = Array.from({ length: total }, (_, i) => ({ id: i + 1, code: `C${String(i + 1).padStart(3, '0')}`, name: `瓶${i + 1}` }));
  return vi.fn(async (p: PageParams) => ({ list: all.slice((p.page - 1) * p.size, p.page * p.size), total }));
}

/** A real RTK Query slice whose listPage answers from `fetchPage`, as a feature's generated endpoint would. */
function harness(fetchPage = server()) {
  const testApi = createApi({
    reducerPath: 'api',
    baseQuery: fakeBaseQuery(),
    endpoints: (b) => ({ rows: b.query<PageResult<Row>, PageParams>({ queryFn: async (arg) => ({ data: await fetchPage(arg) }) }) }),
  });
  const store = configureStore({
    reducer: { [testApi.reducerPath]: testApi.reducer, screenState: screenStateSlice.reducer },
    middleware: (m) => m().concat(testApi.middleware),
  });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}><MemoryRouter>{children}</MemoryRouter></Provider>;
  return { query: testApi.endpoints.rows.useQuery, wrapper, fetchPage };
}

function setup(props: Partial<Parameters<typeof PaginatedTable<Row>>[0]> = {}, fetchPage = server()) {
  const ref = createRef<TableHandle>();
  const { query, wrapper } = harness(fetchPage);
  const view = render(<PaginatedTable<Row> ref={ref} query={query} columns={columns} gridProps={{ disableVirtualization: true }} {...props} />, { wrapper });
  return { ...view, ref, fetchPage };
}

const lastParams = (f: ReturnType<typeof server>) => f.mock.calls.at(-1)?.[0];

describe('PaginatedTable', { timeout: 30_000 }, () => {
  it('asks for page 1 of 15 and shows the rows, compact, at least 200 px high', async () => {
    const { fetchPage, container } = setup();
    expect(await screen.findByRole('gridcell', { name: 'C001' })).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(lastParams(fetchPage)).toEqual({ page: 1, size: 15 });
    expect(screen.getAllByRole('row')).toHaveLength(16);
    expect(screen.getByText('共 45 条')).toBeInTheDocument();
    expect(container.querySelector('.MuiDataGrid-root--densityCompact')).not.toBeNull();
    expect(container.querySelector('.MuiPaper-root')).toHaveStyle({ minHeight: '200px' });
  });

  it('shows 暂无数据 when the server has nothing', async () => {
    setup({}, server(0));
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(screen.getByText('共 0 条')).toBeInTheDocument();
  });

  it('offers page sizes 5, 10, 15, 50, 100, 200, 500 and asks for page 1 in the chosen size', async () => {
    const { fetchPage } = setup();
    await screen.findByRole('gridcell', { name: 'C001' });
    await userEvent.click(screen.getByRole('combobox', { name: '条/页' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['5条/页', '10条/页', '15条/页', '50条/页', '100条/页', '200条/页', '500条/页']);
    await userEvent.click(screen.getByRole('option', { name: '200条/页' }));
    await waitFor(() => expect(lastParams(fetchPage)).toEqual({ page: 1, size: 200 }));
    expect(await screen.findByRole('gridcell', { name: 'C045' })).toBeInTheDocument();
  });

  it('moves with the pager, prev and next', async () => {
    const { fetchPage } = setup();
    await screen.findByRole('gridcell', { name: 'C001' });
    await userEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    expect(await screen.findByRole('gridcell', { name: 'C016' })).toBeInTheDocument();
    expect(lastParams(fetchPage)).toEqual({ page: 2, size: 15 });
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(lastParams(fetchPage)).toEqual({ page: 3, size: 15 }));
    expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '上一页' }));
    // Page 2 again: shown from the query cache (refetched only when stale or invalidated).
    expect(await screen.findByRole('gridcell', { name: 'C016' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
  });

  it('jumps with 前往 N 页, keeping within the pages there are', async () => {
    const { fetchPage } = setup();
    await screen.findByRole('gridcell', { name: 'C001' });
    const jumper = screen.getByRole('textbox', { name: '前往' });
    expect(screen.getByText('页')).toBeInTheDocument();
    await userEvent.type(jumper, '2{Enter}');
    await waitFor(() => expect(lastParams(fetchPage)).toEqual({ page: 2, size: 15 }));
    await userEvent.type(jumper, '99{Enter}');
    await waitFor(() => expect(lastParams(fetchPage)).toEqual({ page: 3, size: 15 }));
  });

  it('sorts on the server with sidx and order, from page 1', async () => {
    const { fetchPage } = setup();
    await screen.findByRole('gridcell', { name: 'C001' });
    await userEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    await userEvent.click(screen.getByRole('columnheader', { name: /编码/ }));
    await waitFor(() => expect(lastParams(fetchPage)).toEqual({ page: 1, size: 15, sidx: 'cylinder_code', order: 'asc' }));
    await userEvent.click(screen.getByRole('columnheader', { name: /编码/ }));
    await waitFor(() => expect(lastParams(fetchPage)).toEqual({ page: 1, size: 15, sidx: 'cylinder_code', order: 'desc' }));
    // A column that does not say sortable is not.
    const calls = fetchPage.mock.calls.length;
    await userEvent.click(screen.getByRole('columnheader', { name: /名称/ }));
    expect(fetchPage).toHaveBeenCalledTimes(calls);
  });

  it('sends the filters, leaves out empty ones, and goes back to page 1 when they change', async () => {
    const { query, wrapper, fetchPage } = harness();
    const ref = createRef<TableHandle>();
    const { rerender } = render(<PaginatedTable<Row> ref={ref} query={query} columns={columns} filters={{ name: '', status: 1 }} />, { wrapper });
    await waitFor(() => expect(lastParams(fetchPage)).toEqual({ page: 1, size: 15, status: 1 }));
    // The pager shows once the first answer (its total) has rendered, which follows the request.
    await userEvent.click(await screen.findByRole('button', { name: '第 3 页' }));
    await waitFor(() => expect(lastParams(fetchPage)).toMatchObject({ page: 3 }));
    const before = fetchPage.mock.calls.length;
    rerender(<PaginatedTable<Row> ref={ref} query={query} columns={columns} filters={{ name: '瓶', status: 1 }} />);
    await waitFor(() => expect(lastParams(fetchPage)).toEqual({ page: 1, size: 15, name: '瓶', status: 1 }));
    // One request for the new filters, not one for page 3 and another for page 1.
    expect(fetchPage).toHaveBeenCalledTimes(before + 1);
    const calls = fetchPage.mock.calls.length;
    rerender(<PaginatedTable<Row> ref={ref} query={query} columns={columns} filters={{ name: '瓶', status: 1 }} />);
    act(() => ref.current!.reload());
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(calls + 1));
    expect(lastParams(fetchPage)).toEqual({ page: 1, size: 15, name: '瓶', status: 1 });
  });

  it('reports the rows chosen with the checkboxes', async () => {
    const onSelectionChange = vi.fn();
    setup({ selectable: true, onSelectionChange });
    const row = (await screen.findByRole('gridcell', { name: 'C002' })).closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(row).getByRole('checkbox'));
    expect(onSelectionChange).toHaveBeenLastCalledWith([{ id: 2, code: 'C002', name: '瓶2' }]);
    await userEvent.click(screen.getAllByRole('checkbox')[0]!);
    expect(onSelectionChange.mock.lastCall?.[0]).toHaveLength(15);
  });
});
