import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DATA_SOURCES } from '@shared/dataSources';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderApp, storeSession } from '@renderer/test/renderApp';

function serve(record: unknown[] = []) {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/dataSource/contentConfig/getContent') {
      const { dataSource } = JSON.parse(c.data as string) as { dataSource: keyof typeof DATA_SOURCES };
      const own = dataSource === 'OUTBOUND_ORDER' ? [{ id: 31, contentKey: 'extra.port', contentName: '卸货港口', type: 'text' }] : [];
      return ok({ ...DATA_SOURCES[dataSource], fields: [...DATA_SOURCES[dataSource].fields, ...own] });
    }
    if (c.url === '/setting/list') return ok(record);
    if (c.url === '/setting/info/RECORD/5') return ok({ id: 5, kind: 'RECORD', settingKey: 'FILLING', enabled: 1, content: { fields: [{ key: 'lotNo', show: 1, required: 0 }] } });
    return ok({ id: 5 });
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string) as unknown);

afterEach(() => (http.setAdapter(undefined), clearToasts()));
const SCREEN_LOAD = { timeout: 15_000 };

describe('记录建模', { timeout: 30_000 }, () => {
  it('lists a data source\'s fields by contentName and contentKey, list items under their list', async () => {
    storeSession();
    const adapter = serve();
    renderApp('/Setting/Modeling');
    const table = await screen.findByRole('table', { name: '出库单' }, SCREEN_LOAD);
    const customer = (await within(table).findByText('customer.name')).closest('tr')!;
    expect(customer).toHaveTextContent('客户名称');
    expect(within(table).getByText('cylinders').closest('tr')).toHaveTextContent('列表');
    expect(within(table).getByText('sign.image').closest('tr')).toHaveTextContent('图片');
    await userEvent.click(screen.getByRole('tab', { name: '充装批次' }));
    expect(await screen.findByRole('table', { name: '充装批次' })).toHaveTextContent('lot.lotNo');
    expect(bodies(adapter, '/dataSource/contentConfig/getContent')).toEqual([{ dataSource: 'OUTBOUND_ORDER' }, { dataSource: 'LOT' }]);
  });

  it('adds a field of the plant\'s own to a data source, and deletes one after asking', async () => {
    storeSession();
    const adapter = serve();
    renderApp('/Setting/Modeling');
    const table = await screen.findByRole('table', { name: '出库单' }, SCREEN_LOAD);
    expect((await within(table).findByText('customer.name')).closest('tr')).toHaveTextContent('系统');
    const own = within(table).getByText('extra.port').closest('tr')!;
    expect(own).toHaveTextContent('本厂');
    await userEvent.click(screen.getByRole('button', { name: '新增字段' }));
    const dialog = await screen.findByRole('dialog', { name: '新增「出库单」的字段' });
    await userEvent.type(within(dialog).getByLabelText(/^字段名称/), '运输温度');
    await userEvent.type(within(dialog).getByLabelText(/^字段编码/), '1temp');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText(/字母开头/, { selector: 'p.Mui-error' })).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/^字段编码/));
    await userEvent.type(within(dialog).getByLabelText(/^字段编码/), 'extra.temp');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/dataSource/saveDataSource')).toEqual([
      { dataSource: 'OUTBOUND_ORDER', contentName: '运输温度', contentKey: 'extra.temp', type: 'text' },
    ]));
    await userEvent.click(within(own).getByRole('button', { name: '删除' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(bodies(adapter, '/dataSource/delType')).toEqual([{ id: 31 }]));
  });

  it('makes the filling record require the lot number and saves it as the FILLING RECORD setting', async () => {
    storeSession();
    const adapter = serve([{ id: 5, kind: 'RECORD', settingKey: 'FILLING', name: '充装记录', enabled: 1 }]);
    renderApp('/Setting/Modeling');
    await userEvent.click(await screen.findByRole('tab', { name: '记录内容设置' }, SCREEN_LOAD));
    const required = await screen.findByRole('checkbox', { name: '充装批号 必填' });
    await waitFor(() => expect(bodies(adapter, '/setting/list')).toEqual([{ kind: 'RECORD', settingKey: 'FILLING' }]));
    await userEvent.click(required);
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/setting/save')).toEqual([{
      kind: 'RECORD', id: 5, name: '充装记录', settingKey: 'FILLING', dataSource: 'CYLINDER', enabled: 1, isDefault: 1,
      content: { fields: [{ key: 'lotNo', show: 1, required: 1 }, { key: 'filledWeight', show: 1, required: 0 }, { key: 'filledPressure', show: 1, required: 0 }] },
    }]));
    // A field hidden cannot stay required.
    await userEvent.click(screen.getByRole('checkbox', { name: '充装批号 显示' }));
    expect(screen.getByRole('checkbox', { name: '充装批号 必填' })).not.toBeChecked();
    // A measured value is always on the station: only whether it is required is chosen.
    expect(screen.getByRole('checkbox', { name: '充装量 显示' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: '充装量 必填' })).toBeEnabled();
  });

  it('shows the record settings without 保存 to a user holding only modeling:view', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'modeling:view'] }, '查看员');
    serve();
    renderApp('/Setting/Modeling');
    await userEvent.click(await screen.findByRole('tab', { name: '记录内容设置' }, SCREEN_LOAD));
    expect(await screen.findByRole('checkbox', { name: '充装批号 必填' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
  });
});
