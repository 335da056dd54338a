import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@renderer/http/client';
import { ok } from '@renderer/test/fakeAdapter';
import { renderScreen, storeSession } from '@renderer/test/renderApp';
import { bodyOf, productRow, SCREEN_LOAD, serveProducts } from './productTestServer';

afterEach(() => http.setAdapter(undefined));

async function openRangeForm() {
  storeSession();
  const adapter = serveProducts([productRow(1, 'QP001')], (c) => (c.url === '/product/addProduct' ? ok({ count: 10, codes: [] }) : undefined));
  renderScreen('/product/product');
  await screen.findByText('QP001', undefined, SCREEN_LOAD);
  await userEvent.click(screen.getByRole('button', { name: '新增' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('radio', { name: '按号段批量' }));
  return { adapter, dialog };
}

const save = async (dialog: HTMLElement) => {
  await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled(), { timeout: 3000 });
  await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
};
const added = (adapter: ReturnType<typeof serveProducts>) => adapter.calls.filter((c) => c.url === '/product/addProduct');

describe('新增气瓶 by code range', { timeout: 60_000 }, () => {
  it('refuses an end below the start, a padding too short and a missing gas, and sends nothing', async () => {
    const { adapter, dialog } = await openRangeForm();
    expect(within(dialog).queryByLabelText(/^气瓶编码/)).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/起始号/), '20');
    await userEvent.type(within(dialog).getByLabelText(/结束号/), '11');
    await save(dialog);
    expect(await within(dialog).findByText('结束号不能小于起始号')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择介质')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText(/结束号/));
    await userEvent.type(within(dialog).getByLabelText(/结束号/), '1000');
    await userEvent.type(within(dialog).getByLabelText(/补零位数/), '3');
    await save(dialog);
    expect(await within(dialog).findByText('补零位数不能少于结束号的位数')).toBeInTheDocument();
    expect(added(adapter)).toHaveLength(0);
  });

  it('sends prefix, start, end and padding with the other fields, then refreshes list and counts', async () => {
    const { adapter, dialog } = await openRangeForm();
    await userEvent.type(within(dialog).getByLabelText(/编码前缀/), 'E2E');
    await userEvent.type(within(dialog).getByLabelText(/起始号/), '1');
    await userEvent.type(within(dialog).getByLabelText(/结束号/), '10');
    await userEvent.type(within(dialog).getByLabelText(/补零位数/), '4');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /介质/ }));
    await userEvent.click(await screen.findByRole('option', { name: '氮气' }));
    await userEvent.type(within(dialog).getByLabelText(/规格型号/), '40L');
    const countsBefore = adapter.calls.filter((c) => c.url === '/product/statusCount').length;
    await save(dialog);
    await waitFor(() => expect(added(adapter)).toHaveLength(1));
    expect(bodyOf(added(adapter)[0]!)).toEqual({ materialId: 1, ownerType: 1, specification: '40L', range: { prefix: 'E2E', start: 1, end: 10, width: 4 } });
    await waitFor(() => expect(adapter.calls.filter((c) => c.url === '/product/statusCount').length).toBeGreaterThan(countsBefore));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does not copy one steel stamp or valve onto every cylinder of a range: they are hidden, stamps get their own prefix', async () => {
    const { adapter, dialog } = await openRangeForm();
    expect(within(dialog).queryByLabelText('钢印号')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('瓶阀编号')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/起始号/), '1');
    await userEvent.type(within(dialog).getByLabelText(/结束号/), '3');
    await userEvent.type(within(dialog).getByLabelText(/钢印号前缀/), 'GS');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /介质/ }));
    await userEvent.click(await screen.findByRole('option', { name: '氮气' }));
    await save(dialog);
    await waitFor(() => expect(added(adapter)).toHaveLength(1));
    expect(bodyOf(added(adapter)[0]!)).toEqual({ materialId: 1, ownerType: 1, range: { prefix: '', start: 1, end: 3, steelStampPrefix: 'GS' } });
  });

  it('refuses a start number that is not a number instead of reading 1a2 as 12', async () => {
    const { adapter, dialog } = await openRangeForm();
    await userEvent.type(within(dialog).getByLabelText(/起始号/), '1a2');
    expect(within(dialog).getByLabelText(/起始号/)).toHaveValue('1a2');
    expect(within(dialog).getByText('起始号必须是数字')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/结束号/), '34');
    await save(dialog);
    expect(added(adapter)).toHaveLength(0);
  });
});
