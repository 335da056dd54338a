import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FileRow } from '@shared/api/file';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderApp, storeSession } from '@renderer/test/renderApp';

const row = (id: number, name: string): FileRow => ({
  id, name, path: `2026/01/01/${id}.pdf`, url: `/objectStorage/file/download?path=${id}`, size: 3, mime: 'application/pdf', createdAt: '2026-01-01T00:00:00Z',
});

function serve(files: FileRow[]) {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/file/listMine') return ok({ list: [...files], total: files.length }) // a copy: the store freezes answers;
    if (c.url === '/file/upload') {
      files.unshift(row(99, '新文件.pdf'));
      return ok({ path: files[0].path, name: files[0].name, size: 3, url: files[0].url });
    }
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
afterEach(() => http.setAdapter(undefined));

describe('常用文件 on the home screen', () => {
  it('lists my files and shows a newly uploaded one', async () => {
    storeSession();
    const adapter = serve([row(1, '作业指导书.pdf')]);
    renderApp('/main/home');
    const card = await screen.findByTestId('shared-files', {}, { timeout: 5000 });
    expect(await within(card).findByRole('button', { name: '预览 作业指导书.pdf' })).toBeInTheDocument();
    expect(adapter.calls.find((c) => c.url === '/file/listMine')?.params).toMatchObject({ page: 1, size: 20 });

    fireEvent.change(within(card).getByTestId('upload-input'), { target: { files: [new File(['abc'], '新文件.pdf')] } });
    expect(await within(card).findByRole('button', { name: '预览 新文件.pdf' })).toBeInTheDocument();
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
