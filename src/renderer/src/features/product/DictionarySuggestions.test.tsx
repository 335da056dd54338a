import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DictEntry } from '@shared/api/dictionary';
import { http } from '@renderer/http/client';
import { ok } from '@renderer/test/fakeAdapter';
import { renderScreen, storeSession } from '@renderer/test/renderApp';
import { bodyOf, productRow, SCREEN_LOAD, serveProducts } from './productTestServer';

/** 数据字典 entries per type code, as GET /api/dataSource/getDataSource/:type answers them. */
const DICTIONARY: Record<string, DictEntry[]> = {
  specification: [{ dataName: '40升钢瓶', dataValue: '40L' }, { dataName: '8升钢瓶', dataValue: '8L' }],
  manufacturer: [{ dataName: '甲钢瓶厂', dataValue: '甲钢瓶厂' }],
  scrapReason: [{ dataName: '瓶体严重腐蚀', dataValue: '瓶体严重腐蚀' }, { dataName: '超过设计使用年限', dataValue: '超过设计使用年限' }],
  hickeyReason: [{ dataName: '阀杆损坏', dataValue: '阀杆损坏' }],
};

function serve() {
  return serveProducts([productRow(1, 'QP001')], (c) => {
    const type = /^\/dataSource\/getDataSource\/(\w+)$/.exec(c.url ?? '')?.[1];
    return type ? ok(DICTIONARY[type] ?? []) : undefined;
  });
}

afterEach(() => http.setAdapter(undefined));

describe('dictionary suggestions in the cylinder forms', { timeout: 60_000 }, () => {
  it('offers 气瓶规格 and 制造单位 entries in 新增, writing the chosen value', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/product/product');
    await screen.findByText('QP001', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/^气瓶编码/), 'QP900');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /介质/ }));
    await userEvent.click(await screen.findByRole('option', { name: '氮气' }));
    await userEvent.type(within(dialog).getByRole('combobox', { name: /规格型号/ }), '40升');
    await userEvent.click(await screen.findByRole('option', { name: /40升钢瓶/ }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /制造单位/ }));
    await userEvent.click(await screen.findByRole('option', { name: '甲钢瓶厂' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(adapter.calls.some((c) => c.url === '/product/addProduct')).toBe(true));
    expect(bodyOf(adapter.calls.find((c) => c.url === '/product/addProduct')!)).toMatchObject({ code: 'QP900', specification: '40L', manufacturer: '甲钢瓶厂' });
  });

  it('offers the 报废原因 entries and still takes a reason typed freely', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/product/product');
    await screen.findByText('QP001', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '报废' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /报废原因/ }));
    expect(await screen.findByRole('option', { name: '超过设计使用年限' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('combobox', { name: /报废原因/ }), '阀座开裂');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(adapter.calls.some((c) => c.url === '/product/scrap')).toBe(true));
    expect(bodyOf(adapter.calls.find((c) => c.url === '/product/scrap')!)).toEqual({ id: 1, reason: '阀座开裂' });
  });

  it('offers the 更换瓶阀原因 entries when replacing a valve', async () => {
    storeSession();
    serve();
    renderScreen('/product/product');
    await screen.findByText('QP001', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '更换瓶阀' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /更换原因/ }));
    expect(await screen.findByRole('option', { name: '阀杆损坏' })).toBeInTheDocument();
  });
});
