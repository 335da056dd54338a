import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, configure, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from '@renderer/components/Form';
import { AppDialog } from './AppDialog';

// MUI renders slowly on a busy machine: wait longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.useRealTimers());

const save = () => screen.getByRole('button', { name: '保存' });

describe('AppDialog', { timeout: 30_000 }, () => {
  it('is 61.8% wide by default, or as wide as asked', () => {
    const { rerender } = render(<AppDialog open title="编辑" />);
    const paper = () => screen.getByRole('dialog');
    expect(paper()).toHaveStyle({ width: '61.8%' });
    rerender(<AppDialog open title="编辑" width="800px" />);
    expect(paper()).toHaveStyle({ width: '800px' });
  });

  it('closes through the 关闭 icon and 取消', async () => {
    const onClose = vi.fn();
    render(<AppDialog open title="编辑" onClose={onClose} onSubmit={() => {}} />);
    expect(screen.getByText('编辑')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('has the 取消 / 保存 footer only when asked for (or when it can submit)', () => {
    const { rerender } = render(<AppDialog open title="查看" />);
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
    rerender(<AppDialog open title="查看" footer />);
    expect(save()).toBeInTheDocument();
    rerender(<AppDialog open title="查看" onSubmit={() => {}} footer={false} />);
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
    rerender(<AppDialog open title="查看" footer={<button>打印</button>} />);
    expect(screen.getByRole('button', { name: '打印' })).toBeInTheDocument();
  });

  it('shows 保存 loading for 1 s after a click and submits once', async () => {
    vi.useFakeTimers();
    const onSubmit = vi.fn();
    render(<AppDialog open title="编辑" onSubmit={onSubmit} />);
    fireEvent.click(save());
    await act(async () => {});
    expect(save()).toBeDisabled();
    fireEvent.click(save());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => void vi.advanceTimersByTime(900));
    expect(save()).toBeDisabled();
    await act(async () => void vi.advanceTimersByTime(100));
    expect(save()).toBeEnabled();
    fireEvent.click(save());
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('asks 放弃未保存的内容？ before closing while a form inside holds unsaved input, or when told so', async () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <AppDialog open title="编辑" onClose={onClose} onSubmit={() => {}}>
        <Form fields={[{ key: 'name', label: '名称' }]} initialValues={{ name: '' }} />
      </AppDialog>,
    );
    // Untouched: closes at once.
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByLabelText('名称'), '半填');
    for (const close of [() => userEvent.keyboard('{Escape}'), () => userEvent.click(screen.getByRole('button', { name: '关闭' })), () => userEvent.click(screen.getByRole('button', { name: '取消' }))]) {
      await close();
      const ask = await screen.findByRole('dialog', { name: '放弃未保存的内容？' });
      expect(onClose).toHaveBeenCalledTimes(1);
      await userEvent.click(within(ask).getByRole('button', { name: '继续编辑' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '放弃未保存的内容？' })).not.toBeInTheDocument());
    }
    expect(screen.getByLabelText('名称')).toHaveValue('半填');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(await screen.findByRole('dialog', { name: '放弃未保存的内容？' })).getByRole('button', { name: '放弃' }));
    expect(onClose).toHaveBeenCalledTimes(2);

    // A dialog whose inputs are its own state says so itself; false never asks.
    rerender(<AppDialog open title="编辑" onClose={onClose} onSubmit={() => {}} unsaved />);
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: '放弃未保存的内容？' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '继续编辑' }));
    rerender(<AppDialog open title="编辑" onClose={onClose} onSubmit={() => {}} unsaved={false} />);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '放弃未保存的内容？' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
