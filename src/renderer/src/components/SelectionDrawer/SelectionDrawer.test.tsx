import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@renderer/components/Toaster';
import { SelectionDrawer, type SelectionDrawerProps } from './index';

const people = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, name: `用户${i + 1}`, dept: i % 2 ? '生产部' : '质检部' }));

/** A server-like fetchPage over `people`, filtering names by keyword. */
const serverFetch = vi.fn(async ({ page, size, keyword }: { page: number; size: number; keyword?: unknown }) => {
  const hits = people.filter((p) => !keyword || p.name.includes(String(keyword)));
  return { list: hits.slice((page - 1) * size, page * size), total: hits.length };
});

function renderDrawer(props: Partial<SelectionDrawerProps> = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  serverFetch.mockClear();
  render(
    <>
      <SelectionDrawer
        open
        title="选择用户"
        fetchPage={serverFetch}
        columns={[
          { field: 'name', label: '姓名' },
          { field: 'dept', label: '部门' },
        ]}
        onSubmit={onSubmit}
        onCancel={onCancel}
        {...props}
      />
      <Toaster />
    </>,
  );
  return { onSubmit, onCancel };
}

const pick = (name: string) => userEvent.click(screen.getByRole('checkbox', { name: `选择 ${name}` }));
const current = () => screen.getByRole('region', { name: '当前选择' });

describe('SelectionDrawer', () => {
  it('lists the first 50 rows through fetchPage and pages on', async () => {
    renderDrawer();
    expect(await screen.findByText('用户50')).toBeInTheDocument();
    expect(serverFetch).toHaveBeenLastCalledWith({ page: 1, size: 50 });
    expect(screen.queryByText('用户51')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /next page|下一页/i }));
    expect(await screen.findByText('用户51')).toBeInTheDocument();
    expect(serverFetch).toHaveBeenLastCalledWith({ page: 2, size: 50 });
  });

  it('查询 sends the search text and starts from page 1', async () => {
    renderDrawer();
    await screen.findByText('用户1');
    await userEvent.type(screen.getByLabelText('关键字'), ' 用户11 ');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(serverFetch).toHaveBeenLastCalledWith({ page: 1, size: 50, keyword: '用户11' }));
    expect(await screen.findByText('用户110')).toBeInTheDocument();
    expect(screen.queryByText('用户2')).not.toBeInTheDocument();
  });

  it('shows picked rows in 当前选择, removable there, and submits them in multiple mode', async () => {
    const { onSubmit } = renderDrawer({ multiple: true, selected: [{ id: 7, name: '用户7' }] });
    await screen.findByText('用户1');
    expect(within(current()).getByText('用户7')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '选择 用户7' })).toBeChecked();
    await pick('用户2');
    await pick('用户3');
    expect(within(current()).getByText('用户2')).toBeInTheDocument();
    await userEvent.click(within(within(current()).getByText('用户3').closest('.MuiChip-root') as HTMLElement).getByTestId('CancelIcon'));
    expect(within(current()).queryByText('用户3')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '选择 用户3' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(onSubmit).toHaveBeenCalledWith([{ id: 7, name: '用户7' }, people[1]]);
  });

  it('single mode: 确认 with two rows or none shows 请选择单条数据后重试！ and keeps the drawer open', async () => {
    const { onSubmit, onCancel } = renderDrawer();
    await screen.findByText('用户1');
    await userEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('请选择单条数据后重试！');
    await pick('用户1');
    await pick('用户2');
    await userEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: '选择用户' })).toBeInTheDocument();
    await pick('用户2');
    await userEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(onSubmit).toHaveBeenCalledWith([people[0]]);
  });

  it('取消 calls onCancel', async () => {
    const { onCancel } = renderDrawer();
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
