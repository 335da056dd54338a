import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@renderer/http/client';
import { ok } from '@renderer/test/fakeAdapter';
import { renderScreen, storeSession } from '@renderer/test/renderApp';
import { productRow, SCREEN_LOAD, serveProducts } from './productTestServer';

afterEach(() => http.setAdapter(undefined));

const REPORT = '导入失败，未导入任何数据：共 9 行，其中 2 行有误\n第 3 行：气瓶编码必填\n第 4 行：介质编码 XX 不存在';
const sheet = () => new File(['PK'], '气瓶.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

async function importWith(answer: ReturnType<typeof ok>) {
  storeSession();
  const adapter = serveProducts([productRow(1, 'QP001')], (c) => (c.url === '/product/importProduct' ? answer : undefined));
  renderScreen('/product/product');
  await screen.findByText('QP001', undefined, SCREEN_LOAD);
  await userEvent.click(screen.getByRole('button', { name: '导入' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('button', { name: '下载模板' })).toBeInTheDocument();
  await userEvent.upload(within(dialog).getByTestId('import-input'), sheet());
  expect(within(dialog).getByText('气瓶.xlsx')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: '导入' }));
  return { adapter, dialog };
}

describe('导入气瓶', { timeout: 60_000 }, () => {
  it('posts the .xlsx as multipart and shows the server report row by row on refusal, keeping the dialog open', async () => {
    const { adapter, dialog } = await importWith({ data: { code: -1, msg: REPORT, data: null } });
    const report = await within(dialog).findByRole('alert', undefined, { timeout: 3000 });
    expect(report).toHaveTextContent('第 3 行：气瓶编码必填');
    expect(report).toHaveTextContent('第 4 行：介质编码 XX 不存在');
    const call = adapter.calls.find((c) => c.url === '/product/importProduct');
    expect((call?.data as FormData).get('file')).toBeInstanceOf(File);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes and refreshes after a successful import', async () => {
    const { adapter } = await importWith(ok({ imported: 50 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(await screen.findByText('已导入 50 个气瓶')).toBeInTheDocument();
    expect(adapter.calls.filter((c) => c.url === '/product/statusCount').length).toBeGreaterThan(1);
  });

  it('downloads the template through the template route', async () => {
    storeSession();
    const adapter = serveProducts([productRow(1, 'QP001')], (c) => (c.url === '/product/template' ? { data: new Blob(['x']), headers: {} } : undefined));
    renderScreen('/product/product');
    await screen.findByText('QP001', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '导入' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '下载模板' }));
    await waitFor(() => expect(adapter.calls.find((c) => c.url === '/product/template')?.responseType).toBe('blob'));
  });
});
