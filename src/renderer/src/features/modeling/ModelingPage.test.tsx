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
      return ok({ ...DATA_SOURCES[dataSource], fields: DATA_SOURCES[dataSource].fields });
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
      content: { fields: [{ key: 'lotNo', show: 1, required: 1 }] },
    }]));
    // A field hidden cannot stay required.
    await userEvent.click(screen.getByRole('checkbox', { name: '充装批号 显示' }));
    expect(screen.getByRole('checkbox', { name: '充装批号 必填' })).not.toBeChecked();
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
