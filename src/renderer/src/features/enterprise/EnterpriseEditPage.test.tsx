import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { renderApp, storeSession } from '@renderer/test/renderApp';
import { bodies, serveEnterprises } from './testData';

afterEach(() => (http.setAdapter(undefined), clearToasts()));
const SCREEN_LOAD = { timeout: 15_000 };

const choose = async (label: string, option: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};
const shown = (label: string) => screen.getByRole('combobox', { name: label });

describe('编辑企业', { timeout: 30_000 }, () => {
  it('refuses a customer without name and code and sends nothing', async () => {
    storeSession();
    const adapter = serveEnterprises();
    renderApp('/Setting/addEnter?type=2');
    await userEvent.click(await screen.findByRole('button', { name: '保存' }, SCREEN_LOAD));
    expect(await screen.findByText('请输入企业名称')).toBeInTheDocument();
    expect(screen.getByText('请输入企业编码')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^统一社会信用代码/), '123');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('统一社会信用代码格式不正确')).toBeInTheDocument();
    expect(adapter.calls.some((c) => c.url === '/enterprise/save')).toBe(false);
  });

  it('chooses province, city and district from the area tree; a new province clears city and district', async () => {
    storeSession();
    const adapter = serveEnterprises();
    const { router } = renderApp('/Setting/addEnter?type=1');
    await screen.findByRole('button', { name: '保存' }, SCREEN_LOAD);
    expect(shown('市')).toHaveAttribute('aria-disabled', 'true');
    await choose('省', '浙江省');
    await choose('市', '杭州市');
    await choose('区/县', '西湖区');
    expect(shown('区/县')).toHaveTextContent('西湖区');
    await choose('省', '江苏省');
    expect(shown('市')).toHaveTextContent('请选择');
    expect(shown('区/县')).toHaveTextContent('请选择');
    await choose('市', '南京市');
    await choose('区/县', '玄武区');
    await userEvent.type(screen.getByLabelText(/^企业名称/), ' 南京气体 ');
    await userEvent.type(screen.getByLabelText(/^企业编码/), 'NJQT');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/enterprise/save')).toEqual([{
      type: '1', enterpriseName: '南京气体', enterpriseCode: 'NJQT', creditCode: null, contact: null, phone: null,
      provinceCode: '320000', cityCode: '320100', districtCode: '320102', address: null, remark: null,
    }]));
    // A supplier saved: back on the list's 供应商 tab.
    await waitFor(() => expect(router.state.location.pathname).toBe('/Setting/ComeEnterprise'));
    expect(await screen.findByRole('tab', { name: '供应商', selected: true }, SCREEN_LOAD)).toBeInTheDocument();
    await waitFor(() => expect(bodies(adapter, '/enterprise/listPage').at(-1)).toMatchObject({ type: '1' }));
  });

  it('loads an enterprise by id and saves it with its id', async () => {
    storeSession();
    const adapter = serveEnterprises();
    renderApp('/Setting/addEnter?id=5');
    await waitFor(() => expect(screen.getByLabelText(/^企业名称/)).toHaveValue('杭州钢铁厂'), SCREEN_LOAD);
    expect(shown('区/县')).toHaveTextContent('西湖区');
    expect(within(screen.getByRole('radiogroup')).getByLabelText('客户')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/enterprise/save')[0]).toMatchObject({ id: 5, type: '2', enterpriseCode: 'HZGT', districtCode: '330106', phone: '0571-1234567' }));
  });
});
