import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@renderer/http/client';
import { getToasts } from '@renderer/notify/toast';
import { deferred, fakeAdapter, type FakeHandler } from '@renderer/test/fakeAdapter';
import { FileViewer } from './FileViewer';

let adapter: ReturnType<typeof fakeAdapter>;
function answer(handler: FakeHandler) {
  adapter = fakeAdapter(handler);
  http.setAdapter(adapter);
}
const bytes = (type = 'application/octet-stream') => ({ data: new Blob(['%PDF-1.4'], { type }) });
const envelope = (msg: string) => ({ data: new Blob([JSON.stringify({ code: -1, msg, data: null })], { type: 'application/json' }) });

let objectUrls = 0;
beforeEach(() => {
  objectUrls = 0;
  URL.createObjectURL = vi.fn(() => `blob:test/${++objectUrls}`);
  URL.revokeObjectURL = vi.fn();
  answer(() => bytes());
});
afterEach(() => http.setAdapter(undefined));

const files = [
  { name: '铭牌.png', path: '2026/01/01/a.png' },
  { name: '检验报告.pdf', path: '2026/01/01/b.pdf' },
  { name: '图纸.dwg', path: '2026/01/01/c.dwg' },
];
const dialog = () => screen.getByRole('dialog');

describe('FileViewer', () => {
  it('shows the placeholder until a picture arrives, then the picture; icons by class for the others', async () => {
    const hold = deferred();
    answer(() => ({ ...bytes('image/png'), wait: hold.promise }));
    const { container } = render(<FileViewer files={files} />);
    const img = () => container.querySelector('img')!;
    expect(img()).toHaveAttribute('src', '/static/img/empty.svg');
    expect(container.querySelector('[data-file-class="Pdf"]')).toBeInTheDocument();
    expect(container.querySelector('[data-file-class="CAD"]')).toBeInTheDocument();
    hold.resolve();
    await waitFor(() => expect(img()).toHaveAttribute('src', 'blob:test/1'));
    // Only the picture is fetched for a thumbnail, as a preview (nothing saved).
    expect(adapter.calls).toHaveLength(1);
    expect(adapter.calls[0]!.params).toMatchObject({ path: '2026/01/01/a.png', inline: 1 });
    expect(adapter.calls[0]!.responseType).toBe('blob');
  });

  it('keeps the placeholder when a picture cannot be fetched', async () => {
    answer(() => ({ status: 500, data: {} }));
    const { container } = render(<FileViewer files={files.slice(0, 1)} />);
    await waitFor(() => expect(adapter.calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 10));
    expect(container.querySelector('img')).toHaveAttribute('src', '/static/img/empty.svg');
  });

  it('opens a carousel at the clicked file and moves with previous and next', async () => {
    render(<FileViewer files={files} />);
    fireEvent.click(screen.getByRole('button', { name: '检验报告.pdf' }));
    expect(within(dialog()).getByText('2 / 3')).toBeInTheDocument();
    expect(await within(dialog()).findByTitle('检验报告.pdf')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    fireEvent.click(within(dialog()).getByRole('button', { name: '上一个' }));
    expect(within(dialog()).getByText('1 / 3')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: '上一个' })).toBeDisabled();
    fireEvent.click(within(dialog()).getByRole('button', { name: '下一个' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: '下一个' }));
    expect(within(dialog()).getByText('3 / 3')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: '下一个' })).toBeDisabled();
  });

  it('says 暂不支持该类型文件预览 for a type it cannot show, without fetching it', () => {
    render(<FileViewer files={[files[2]!]} />);
    fireEvent.click(screen.getByRole('button', { name: '图纸.dwg' }));
    expect(within(dialog()).getByText('暂不支持该类型文件预览')).toBeInTheDocument();
    expect(adapter.calls).toHaveLength(0);
  });

  it('downloads the file with 下载文件 (saved under the name the server gives)', async () => {
    answer(() => ({ ...bytes('application/pdf'), headers: { 'content-disposition': "attachment; filename=\"_.pdf\"; filename*=UTF-8''%E6%A3%80.pdf" } }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<FileViewer files={[files[2]!]} />);
    fireEvent.click(screen.getByRole('button', { name: '图纸.dwg' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: '下载文件' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('检.pdf');
    expect(adapter.calls[0]!.params).toEqual({ path: '2026/01/01/c.dwg' });
    expect(getToasts()).toHaveLength(0);
    click.mockRestore();
  });

  it('shows 获取文件信息失败 (and only that) when the download fails', async () => {
    answer(() => envelope('文件不存在'));
    render(<FileViewer files={[files[2]!]} />);
    fireEvent.click(screen.getByRole('button', { name: '图纸.dwg' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: '下载文件' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toEqual(['获取文件信息失败']));
  });

  it('shows 获取文件信息失败 in place of a preview that cannot be fetched', async () => {
    answer(() => envelope('文件不存在'));
    render(<FileViewer files={[files[1]!]} />);
    fireEvent.click(screen.getByRole('button', { name: '检验报告.pdf' }));
    expect(await within(dialog()).findByText('获取文件信息失败')).toBeInTheDocument();
  });
});
