import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SettingRow } from '@shared/api/setting';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';

const row = (over: Partial<SettingRow>): SettingRow => ({
  id: 1, kind: 'REPORT', settingKey: 'QUALITY_CERTIFICATE', name: '质量证明书（默认）', dataSource: 'OUTBOUND_ORDER', enabled: 1, isDefault: 1,
  version: 1, remark: null, copiedFrom: null, updatedBy: '系统', updatedAt: '2026-11-01 08:00:00', ...over,
});
const DEFAULT = row({});
const COPY = row({ id: 2, name: '质量证明书（默认） 副本', isDefault: 0, copiedFrom: 1 });
const REFUSAL = '模板中的占位符 {customer.nmae} 不是数据源「出库单」的字段';

function serve(opts: { refuseUpload?: boolean; editor?: boolean } = {}) {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/setting/listPage') return ok({ list: [DEFAULT, COPY], total: 2 });
    if (c.url === '/setting/info/REPORT/2') return ok({ ...COPY, content: { fileId: 7, fileName: 'qc.docx' } });
    if (c.url === '/setting/info/REPORT/1') return ok({ ...DEFAULT, content: { fileId: 5, fileName: 'qc.docx', path: '2026/11/qc.docx' } });
    if (c.url === '/objectStorage/file/download') return { data: new Blob(['PK'], { type: 'application/octet-stream' }), headers: { 'content-type': 'application/octet-stream' } };
    if (c.url === '/document/upSysFile') {
      return opts.refuseUpload ? { data: { code: -1, msg: REFUSAL, data: null } } : ok({ id: 9, path: 'p/new.docx', name: '新证书.docx', size: 100, url: '' });
    }
    if (c.url === '/only/office/config') {
      return ok(opts.editor ? { document: { fileType: 'docx', key: 'k1', title: 'qc.docx', url: 'u' }, documentType: 'word', editorConfig: { callbackUrl: 'cb' } } : null);
    }
    if (c.url === '/only/office/getHost') return ok({ host: 'http://docs.plant.local', message: null });
    return ok({ id: 3 });
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string) as Record<string, unknown>);
const docx = (name: string) => new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });

afterEach(() => (http.setAdapter(undefined), clearToasts()));
const SCREEN_LOAD = { timeout: 15_000 };
const rowOf = (name: string) => screen.getAllByRole('row').find((r) => within(r).queryByText(name, { exact: true }))!;

describe('报表模板', { timeout: 30_000 }, () => {
  it('lists the REPORT templates paged on the server, with the report named in Chinese', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Report');
    expect(await screen.findByText('质量证明书（默认）', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(within(rowOf('质量证明书（默认）')).getByText('质量证明书')).toBeInTheDocument();
    expect(bodies(adapter, '/setting/listPage')[0]).toEqual({ page: 1, size: 15, kind: 'REPORT' });
  });

  it('in English names the data source in English (出库单 → Outbound order)', async () => {
    localStorage.setItem('LANGUAGE', 'en');
    storeSession();
    serve();
    renderScreen('/Setting/Report');
    expect(await screen.findByText('质量证明书（默认）', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(within(rowOf('质量证明书（默认）')).getByText('Outbound order')).toBeInTheDocument();
    expect(within(rowOf('质量证明书（默认）')).queryByText('出库单')).not.toBeInTheDocument();
  });

  it('shows the server refusing an unknown placeholder, naming it, and saves nothing', async () => {
    storeSession();
    const adapter = serve({ refuseUpload: true });
    renderScreen('/Setting/Report');
    await screen.findByText('质量证明书（默认）', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '上传模板' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/^模板名称/), '新证书');
    await userEvent.upload(within(dialog).getByLabelText('模板文件'), docx('新证书.docx'));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText(REFUSAL)).toBeInTheDocument();
    expect(adapter.calls.some((c) => c.url === '/setting/save')).toBe(false);
  });

  it('uploads a .docx and saves it as a REPORT template, the default when asked', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Report');
    await screen.findByText('质量证明书（默认）', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '上传模板' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/^模板名称/), '新证书');
    await userEvent.click(within(dialog).getByRole('switch', { name: '设为该报表的默认模板' }));
    await userEvent.upload(within(dialog).getByLabelText('模板文件'), docx('新证书.docx'));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/setting/save')).toEqual([{
      kind: 'REPORT', name: '新证书', settingKey: 'QUALITY_CERTIFICATE', dataSource: 'OUTBOUND_ORDER', content: { fileId: 9, fileName: '新证书.docx' },
      enabled: 1, isDefault: 1,
    }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses a file that is not a .docx before sending it', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Report');
    await screen.findByText('质量证明书（默认）', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '上传模板' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/^模板名称/), '旧格式');
    await userEvent.upload(within(dialog).getByLabelText('模板文件'), new File(['x'], '证书.doc'), { applyAccept: false });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText(/模板须为 \.docx 文件/)).toBeInTheDocument();
    expect(adapter.calls.some((c) => c.url === '/document/upSysFile')).toBe(false);
  });

  it('makes a copy the default and copies a template', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Report');
    await screen.findByText('质量证明书（默认） 副本', undefined, SCREEN_LOAD);
    await userEvent.click(within(rowOf('质量证明书（默认） 副本')).getByRole('button', { name: '设为默认' }));
    await waitFor(() => expect(bodies(adapter, '/setting/save')).toEqual([{
      kind: 'REPORT', id: 2, name: '质量证明书（默认） 副本', settingKey: 'QUALITY_CERTIFICATE', dataSource: 'OUTBOUND_ORDER',
      content: { fileId: 7, fileName: 'qc.docx' }, enabled: 1, isDefault: 1,
    }]));
    expect(await screen.findByText('「质量证明书（默认） 副本」已设为质量证明书的默认模板')).toBeInTheDocument();
    await userEvent.click(within(rowOf('质量证明书（默认）')).getByRole('button', { name: '复制' }));
    await waitFor(() => expect(bodies(adapter, '/setting/copy')).toEqual([{ id: 1 }]));
  });

  it('says templates are edited in an office suite where the plant has no document server', async () => {
    storeSession();
    serve();
    renderScreen('/Setting/Report');
    await screen.findByText('质量证明书（默认）', undefined, SCREEN_LOAD);
    await userEvent.click(within(rowOf('质量证明书（默认）')).getByRole('button', { name: '在线编辑' }));
    expect(await screen.findByTestId('no-editor')).toHaveTextContent('模板请在 Word、WPS 或 LibreOffice 中编辑');
  });

  it('opens the plant\'s document server editor in the 1174 px drawer where one is configured', async () => {
    storeSession();
    const adapter = serve({ editor: true });
    renderScreen('/Setting/Report');
    await screen.findByText('质量证明书（默认）', undefined, SCREEN_LOAD);
    await userEvent.click(within(rowOf('质量证明书（默认）')).getByRole('button', { name: '在线编辑' }));
    const drawer = await screen.findByRole('dialog', { name: '编辑模板：质量证明书（默认）' });
    expect(drawer).toHaveStyle({ width: '1174px' });
    await waitFor(() => expect(document.head.querySelector('script[src="http://docs.plant.local/web-apps/apps/api/documents/api.js"]')).not.toBeNull());
    expect(adapter.calls.find((c) => c.url === '/only/office/config')?.params).toMatchObject({ documentId: 1, versionId: '', isEdit: 1 });
  });

  it('hides 上传模板 and the changing buttons from a user holding only report:view', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'report:view'] }, '查看员');
    const adapter = serve();
    renderScreen('/Setting/Report');
    await screen.findByText('质量证明书（默认）', undefined, SCREEN_LOAD);
    for (const name of ['上传模板', '复制', '在线编辑', '替换文件', '停用']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    // 下载 asks the template's stored path, then the file.
    await userEvent.click(within(rowOf('质量证明书（默认）')).getByRole('button', { name: '下载' }));
    await waitFor(() => expect(adapter.calls.find((c) => c.url === '/objectStorage/file/download')?.params).toMatchObject({ path: '2026/11/qc.docx' }));
  });
});
