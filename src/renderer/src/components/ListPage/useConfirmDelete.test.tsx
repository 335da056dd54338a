import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, getToasts } from '@renderer/notify/toast';
import { ConfirmProvider } from './ConfirmProvider';
import { useConfirmDelete, type ConfirmDeleteConfig } from './useConfirmDelete';

configure({ asyncUtilTimeout: 5000 });

interface Row {
  id: number;
  name: string;
}
const row: Row = { id: 7, name: '一号库' };

function Harness({ config }: { config: ConfirmDeleteConfig<Row> }) {
  const removeRow = useConfirmDelete(config);
  return <button type="button" onClick={() => removeRow(row)}>删除行</button>;
}

async function ask(config: ConfirmDeleteConfig<Row>) {
  render(<ConfirmProvider><Harness config={config} /></ConfirmProvider>);
  await userEvent.click(screen.getByRole('button', { name: '删除行' }));
  return screen.findByRole('dialog');
}
const toasts = () => getToasts().map((t) => [t.message, t.severity]);

afterEach(clearToasts);

describe('useConfirmDelete', () => {
  it('asks 删除 with the row\'s name and a red OK, then deletes the row, says 删除成功 and runs onDeleted', async () => {
    const remove = vi.fn(async () => undefined);
    const onDeleted = vi.fn(() => expect(toasts()).toEqual([['删除成功', 'success']]));
    const dialog = await ask({ name: (r) => r.name, remove, onDeleted });
    expect(dialog).toHaveAccessibleName('删除');
    expect(within(dialog).getByText('确定删除“一号库”吗？删除后不能恢复。')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '确定' })).toHaveClass('MuiButton-colorError');
    expect(remove).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).toHaveBeenCalledExactlyOnceWith(row);
    expect(onDeleted).toHaveBeenCalledExactlyOnceWith(row);
    expect(toasts()).toEqual([['删除成功', 'success']]);
  });

  it('deletes nothing when the user cancels', async () => {
    const remove = vi.fn(async () => undefined);
    const dialog = await ask({ name: (r) => r.name, remove });
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it('on a refusal closes the dialog without a success toast or onDeleted (the HTTP client has said why)', async () => {
    const remove = vi.fn(async () => Promise.reject(new Error('仓库中还有气瓶')));
    const onDeleted = vi.fn();
    const dialog = await ask({ name: (r) => r.name, remove, onDeleted });
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).toHaveBeenCalledOnce();
    expect(onDeleted).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it('takes a title, a question and a toast of its own', async () => {
    const dialog = await ask({
      title: (r) => `删除 ${r.id}`, message: (r) => `连同条目删除“${r.name}”？`, deletedText: (r) => `${r.name} 已删除`, remove: async () => undefined,
    });
    expect(dialog).toHaveAccessibleName('删除 7');
    expect(within(dialog).getByText('连同条目删除“一号库”？')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(toasts()).toEqual([['一号库 已删除', 'success']]));
  });
});
