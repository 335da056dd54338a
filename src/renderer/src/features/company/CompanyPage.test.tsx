import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AreaNode } from '@shared/api/area';
import type { CompanyInfo } from '@shared/api/company';
import { http } from '@renderer/http/client';
import { clearToasts, getToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderApp, storeSession } from '@renderer/test/renderApp';

const SCREEN_LOAD = { timeout: 15_000 };
const EMPTY: CompanyInfo = {
  companyName: null, creditCode: null, licenceNo: null, licenceExpiry: null, address: null, phone: null,
  logoPath: null, appTitle: null, licenceDaysLeft: null, updatedAt: null,
};
const saved: CompanyInfo = {
  ...EMPTY, companyName: '某某气体有限公司', licenceNo: 'TS4233001-2027', licenceExpiry: '2026-03-01', phone: '0571-88888888',
  licenceDaysLeft: 30, updatedAt: '2026-01-30 10:00:00',
};

/** A piece of the division tree (GB/T 2260): 重庆 with a city level put between, as the server answers it. */
const AREAS: AreaNode[] = [
  { code: '500000', name: '重庆市', children: [{ code: '500100', name: '重庆市', children: [{ code: '500103', name: '渝中区' }, { code: '500112', name: '渝北区' }] }] },
  { code: '330000', name: '浙江省', children: [{ code: '330100', name: '杭州市', children: [{ code: '330106', name: '西湖区' }] }] },
];

/** A fake server: company/info answers `state.info`; a save replaces it (and the app name of GET /). */
function serve(initial: CompanyInfo) {
  const state = { info: initial, title: '气瓶追溯平台' };
  const adapter = fakeAdapter((c) => {
    if (c.url === '/') return { data: '', headers: { 'x-app-title': encodeURIComponent(state.title) } };
    if (c.url === '/company/info') return ok(state.info);
    if (c.url === '/area/getAreaInfoAllList') return ok(AREAS);
    if (c.url === '/company/uploadLogo') return ok({ path: '2026/02/01/0123456789abcdef0123456789abcdef.png', name: 'logo.png', size: 9, url: '/x' });
    if (c.url === '/company/save') {
      const body = JSON.parse(c.data as string) as CompanyInfo;
      state.info = { ...EMPTY, ...body, updatedAt: '2026-02-01 09:00:00' };
      state.title = body.appTitle ?? '气瓶追溯平台';
      return ok(null);
    }
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

afterEach(() => (http.setAdapter(undefined), clearToasts()));

describe('企业信息', { timeout: 30_000 }, () => {
  it('shows the record, warns of the licence expiring, and saves the whole record; the title bar takes the new name', async () => {
    storeSession();
    const adapter = serve(saved);
    renderApp('/Setting/enterpriseInfo');
    expect(await screen.findByDisplayValue('某某气体有限公司', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.getByText('气瓶充装许可证将于 2026-03-01 到期（剩余 30 天），请及时办理延续。')).toBeInTheDocument();
    expect(screen.getByTestId('app-title')).toHaveTextContent('气瓶追溯平台');

    await userEvent.clear(field('电话'));
    await userEvent.type(field('系统名称'), '某某气瓶追溯');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/company/save')).toEqual([{
      companyName: '某某气体有限公司', creditCode: null, licenceNo: 'TS4233001-2027', licenceExpiry: '2026-03-01', address: null, phone: null,
      appTitle: '某某气瓶追溯', logoPath: null, publicUrl: null, publicPage: 1, areaCode: null,
    }]));
    expect(getToasts().map((t) => t.message)).toContain('保存成功');
    await waitFor(() => expect(screen.getByTestId('app-title')).toHaveTextContent('某某气瓶追溯'));
    expect(document.title).toBe('某某气瓶追溯');
    // What the server now holds: no more warning (the saved record has no days left counted).
    await waitFor(() => expect(screen.queryByText(/气瓶充装许可证将于/)).not.toBeInTheDocument());
  });

  it('shows 所在地区 on file as province, city and district, and saves the deepest one chosen (issue 36)', async () => {
    storeSession();
    const adapter = serve({ ...saved, areaCode: '500112' });
    renderApp('/Setting/enterpriseInfo');
    await screen.findByDisplayValue('某某气体有限公司', undefined, SCREEN_LOAD);
    expect(screen.getByRole('combobox', { name: /^所在地区（省）/ })).toHaveTextContent('重庆市');
    expect(screen.getByRole('combobox', { name: /^区\/县/ })).toHaveTextContent('渝北区');

    // Another province clears the city and the district; the city alone is saved when no district is chosen.
    await userEvent.click(screen.getByRole('combobox', { name: /^所在地区（省）/ }));
    await userEvent.click(await screen.findByRole('option', { name: '浙江省' }));
    expect(screen.getByRole('combobox', { name: /^区\/县/ })).not.toHaveTextContent('渝北区');
    await userEvent.click(screen.getByRole('combobox', { name: /^市/ }));
    await userEvent.click(await screen.findByRole('option', { name: '杭州市' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/company/save')).toEqual([expect.objectContaining({ areaCode: '330100' })]));

    await userEvent.click(screen.getByRole('combobox', { name: /^区\/县/ }));
    await userEvent.click(await screen.findByRole('option', { name: '西湖区' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/company/save').at(-1)).toMatchObject({ areaCode: '330106' }));
  });

  it('says when the licence has expired', async () => {
    storeSession();
    serve({ ...saved, licenceExpiry: '2026-01-01', licenceDaysLeft: -5 });
    renderApp('/Setting/enterpriseInfo');
    expect(await screen.findByText('气瓶充装许可证已于 2026-01-01 过期（已过期 5 天），请尽快办理延续。', undefined, SCREEN_LOAD)).toBeInTheDocument();
  });

  it('refuses a malformed credit code and phone without calling the server', async () => {
    storeSession();
    const adapter = serve(EMPTY);
    renderApp('/Setting/enterpriseInfo');
    await userEvent.type(await screen.findByLabelText(/^统一社会信用代码/, undefined, SCREEN_LOAD), 'ABC');
    await userEvent.type(field('电话'), '电话号码');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('统一社会信用代码格式不正确')).toBeInTheDocument();
    expect(screen.getByText('电话格式不正确')).toBeInTheDocument();
    expect(bodies(adapter, '/company/save')).toEqual([]);
  });

  it('uploads a logo and saves its stored path', async () => {
    storeSession();
    const adapter = serve(EMPTY);
    renderApp('/Setting/enterpriseInfo');
    expect(await screen.findByText('未上传企业标志', undefined, SCREEN_LOAD)).toBeInTheDocument();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [png] } });
    await waitFor(() => expect(adapter.calls.some((c) => c.url === '/company/uploadLogo')).toBe(true));
    await userEvent.type(field('企业名称'), '甲公司');
    await waitFor(() => expect(screen.getByRole('button', { name: '选择文件' })).toBeDisabled());
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/company/save')).toEqual([expect.objectContaining({
      companyName: '甲公司', logoPath: '2026/02/01/0123456789abcdef0123456789abcdef.png',
    })]));
  });

  it('is read-only without company:save', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'company:view'] }, '查看员');
    serve(saved);
    renderApp('/Setting/enterpriseInfo');
    expect(await screen.findByDisplayValue('某某气体有限公司', undefined, SCREEN_LOAD)).toBeDisabled();
    expect(screen.getByText('没有保存权限，只能查看')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '选择文件' })).toBeDisabled();
  });
});
