import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SharedFileRow } from '@shared/api/file';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderApp, storeSession } from '@renderer/test/renderApp';

const row = (id: number, name: string, canDelete = true): SharedFileRow => ({
  id, name, path: `2026/01/01/${id}.pdf`, url: `/objectStorage/file/download?path=${id}`, size: 3, mime: 'application/pdf',
  createdAt: '2026-01-01T00:00:00Z', uploadedBy: '张三', canDelete,
});

function serve(files: SharedFileRow[]) {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/file/listShared') return ok({ list: files.map((f) => ({ ...f })), total: files.length }); // copies: the store freezes answers
    if (c.url?.startsWith('/file/upload')) {
      files.unshift(row(99, '新文件.pdf'));
      return ok({ path: files[0]!.path, name: files[0]!.name, size: 3, url: files[0]!.url });
    }
    if (c.url === '/file/deleteShared') {
      files.splice(files.findIndex((f) => f.id === JSON.parse(c.data as string).id), 1);
      return ok(null);
    }
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
afterEach(() => (http.setAdapter(undefined), clearToasts()));

describe('常用文件 on the home screen', { timeout: 30_000 }, () => {
  it('lists the shared files once each, and a newly uploaded one is shared', async () => {
    storeSession();
    const adapter = serve([row(1, '作业指导书.pdf')]);
    renderApp('/main/home');
    const card = await screen.findByTestId('shared-files', {}, { timeout: 5000 });
    expect(await within(card).findByRole('button', { name: '预览 作业指导书.pdf' })).toBeInTheDocument();
    expect(within(card).getAllByText('作业指导书.pdf')).toHaveLength(1);
    expect(adapter.calls.find((c) => c.url === '/file/listShared')?.params).toMatchObject({ page: 1, size: 20 });

    fireEvent.change(within(card).getByTestId('upload-input'), { target: { files: [new File(['abc'], '新文件.pdf')] } });
    expect(await within(card).findByRole('button', { name: '预览 新文件.pdf' })).toBeInTheDocument();
    // Once uploaded it is listed below, no longer in the upload list as well.
    await waitFor(() => expect(within(card).getAllByText('新文件.pdf')).toHaveLength(1));
    expect(adapter.calls.find((c) => c.url?.startsWith('/file/upload'))?.url).toBe('/file/upload?shared=true');
  });

  it('opens the document preview drawer titled with the file name', async () => {
    storeSession();
    serve([row(1, '资质证书.docx')]);
    renderApp('/main/home');
    const card = await screen.findByTestId('shared-files', {}, { timeout: 5000 });
    fireEvent.click(await within(card).findByRole('button', { name: '预览 资质证书.docx' }));
    const drawer = await screen.findByRole('dialog', { name: '资质证书.docx' });
    expect(within(drawer).getByText('暂不支持该类型文件预览')).toBeInTheDocument();
  });

  it('deletes after confirmation where the server allows it, and offers no 删除 elsewhere', async () => {
    storeSession();
    const adapter = serve([row(1, '我的.pdf'), row(2, '别人的.pdf', false)]);
    renderApp('/main/home');
    const card = await screen.findByTestId('shared-files', {}, { timeout: 5000 });
    await within(card).findByRole('button', { name: '预览 别人的.pdf' });
    expect(within(card).queryByRole('button', { name: '删除 别人的.pdf' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: '删除 我的.pdf' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(adapter.calls.filter((c) => c.url === '/file/deleteShared').map((c) => JSON.parse(c.data as string))).toEqual([{ id: 1 }]));
    await waitFor(() => expect(within(card).queryByText('我的.pdf')).not.toBeInTheDocument());
  });

  it('offers no upload to a user without file:upload', async () => {
    const nav = adminNav();
    storeSession({ ...nav, promise: nav.promise.filter((k) => k !== 'file:upload') }, '查看员');
    serve([]);
    renderApp('/main/home');
    const card = await screen.findByTestId('shared-files', {}, { timeout: 5000 });
    await waitFor(() => expect(within(card).getByText('暂无文件')).toBeInTheDocument());
    expect(within(card).queryByTestId('upload')).not.toBeInTheDocument();
  });
});
