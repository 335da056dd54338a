import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppDrawer } from './AppDrawer';

// MUI renders slowly on a busy machine: wait longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

const paper = () => screen.getByRole('dialog');

describe('AppDrawer', { timeout: 30_000 }, () => {
  it('shows the title, the content and the 取消 / 确认 footer, 30% wide by default', () => {
    render(
      <AppDrawer open title="选择气瓶">
        内容
      </AppDrawer>,
    );
    expect(screen.getByText('选择气瓶')).toBeInTheDocument();
    expect(screen.getByText('内容')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '取消' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '确认' })).toBeInTheDocument();
    expect(paper()).toHaveStyle({ width: '30%' });
  });

  it('takes another width', () => {
    render(<AppDrawer open title="t" width="500px" />);
    expect(paper()).toHaveStyle({ width: '500px' });
  });

  it('calls onConfirm on 确认 and onCancel on 取消 and on the close icon', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<AppDrawer open title="t" onConfirm={onConfirm} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('keeps 确认 busy while the promise onConfirm returns is pending, and does not confirm twice', async () => {
    let finish = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((r) => (finish = r)));
    render(<AppDrawer open title="t" onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '确认' })).toBeDisabled());
    await userEvent.click(screen.getByRole('button', { name: '确认' }), { pointerEventsCheck: 0 });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: '确认' })).toBeEnabled());
  });

  it('shows a custom footer instead, or none', () => {
    const { rerender } = render(<AppDrawer open title="t" footer={<button>自定义</button>} />);
    expect(screen.getByRole('button', { name: '自定义' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '确认' })).not.toBeInTheDocument();
    rerender(<AppDrawer open title="t" footer={null} />);
    expect(screen.queryByRole('button', { name: '取消' })).not.toBeInTheDocument();
  });

  it('renders nothing while closed', () => {
    render(<AppDrawer open={false} title="隐藏" />);
    expect(screen.queryByText('隐藏')).not.toBeInTheDocument();
  });
});
