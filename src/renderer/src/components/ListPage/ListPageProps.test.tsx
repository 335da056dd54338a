import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { PageResult } from '@shared/api/schema';
import type { PageParams, TableColumn } from '@renderer/components/PaginatedTable';
import { screenStateSlice } from '@renderer/store/screenStateSlice';
import { useListFilters } from './FilterBar';
import { ListPage, type ListPageProps } from './ListPage';

configure({ asyncUtilTimeout: 5000 });

interface Row {
  id: number;
  code: string;
}
const columns: TableColumn<Row>[] = [{ field: 'code', headerName: '编码' }];

/** Two lists on one screen, each answered by a fake server of 45 rows. */
function harness() {
  const rows = (prefix: string) => vi.fn(async (p: PageParams): Promise<PageResult<Row>> => ({
    list: Array.from({ length: 45 }, (_, i) => ({ id: i + 1, code: `${prefix}${i + 1}` })).slice((p.page - 1) * p.size, p.page * p.size), total: 45,
  }));
  const fetch = { a: rows('A'), b: rows('B') };
  const testApi = createApi({
    reducerPath: 'api',
    baseQuery: fakeBaseQuery(),
    endpoints: (b) => ({
      a: b.query<PageResult<Row>, PageParams>({ queryFn: async (arg) => ({ data: await fetch.a(arg) }) }),
      b: b.query<PageResult<Row>, PageParams>({ queryFn: async (arg) => ({ data: await fetch.b(arg) }) }),
    }),
  });
  const store = configureStore({
    reducer: { [testApi.reducerPath]: testApi.reducer, screenState: screenStateSlice.reducer },
    middleware: (m) => m().concat(testApi.middleware),
  });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}><MemoryRouter>{children}</MemoryRouter></Provider>;
  return { fetch, wrapper, queries: { a: testApi.endpoints.a.useQuery, b: testApi.endpoints.b.useQuery } };
}

type Props = Partial<ListPageProps<Row>> & Pick<ListPageProps<Row>, 'query'>;
function List({ name, ...props }: Props & { name: string }) {
  const filters = useListFilters({}, `${name}.filters`);
  return <ListPage<Row> fields={[{ key: 'code', label: `${name}编码` }]} filters={filters} columns={columns} testId={name}
    gridProps={{ disableVirtualization: true }} {...props} />;
}

const last = (f: { mock: { calls: unknown[][] } }) => f.mock.calls.at(-1)?.[0];

describe('ListPage props', { timeout: 30_000 }, () => {
  it('stateKey: two lists of one screen page on their own', async () => {
    const { fetch, wrapper, queries } = harness();
    render(<><List name="a" query={queries.a} stateKey="a.table" /><List name="b" query={queries.b} stateKey="b.table" /></>, { wrapper });
    const [a, b] = [await screen.findByTestId('a'), await screen.findByTestId('b')];
    await within(a).findByRole('gridcell', { name: 'A1' });
    await within(b).findByRole('gridcell', { name: 'B1' });
    await userEvent.click(within(a).getByRole('button', { name: '第 2 页' }));
    expect(await within(a).findByRole('gridcell', { name: 'A16' })).toBeInTheDocument();
    await waitFor(() => expect(last(fetch.a)).toEqual({ page: 2, size: 15 }));
    expect(last(fetch.b)).toEqual({ page: 1, size: 15 });
    expect(within(b).getByRole('gridcell', { name: 'B1' })).toBeInTheDocument();
    expect(within(b).getByRole('button', { name: '第 1 页' })).toHaveAttribute('aria-current', 'page');
  });

  it('height: fills its parent by default, takes a fixed height, or grows with its rows', async () => {
    const { wrapper, queries } = harness();
    render(<><List name="fill" query={queries.a} /><List name="fixed" query={queries.a} height={320} /><List name="auto" query={queries.a} height="auto" /></>, { wrapper });
    const [fill, fixed, auto] = [await screen.findByTestId('fill'), screen.getByTestId('fixed'), screen.getByTestId('auto')];
    // fill: the page and its table take what the parent leaves.
    expect(fill).toHaveStyle({ flexGrow: '1' });
    expect(fill.parentElement).toHaveStyle({ flexGrow: '1', minHeight: '0px' });
    // a number: that height, not stretched.
    expect(fixed).toHaveStyle({ height: '320px' });
    expect(fixed).not.toHaveStyle({ flexGrow: '1' });
    expect(fixed.parentElement).not.toHaveStyle({ flexGrow: '1' });
    // auto: as high as its rows (at least 200 px), neither stretched nor squeezed by the parent.
    expect(auto).not.toHaveStyle({ flexGrow: '1' });
    expect(auto.style.height).toBe('');
    expect(auto).toHaveStyle({ minHeight: '200px' });
    expect(auto.parentElement).not.toHaveStyle({ flexGrow: '1' });
    expect(auto.parentElement).not.toHaveStyle({ minHeight: '0px' });
  });
});
