import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdapterInfo, CodeMapRow, ConnectionRow, RecordDetail, RecordRow } from '@shared/api/regulator';
import { http } from '@renderer/http/client';
import { clearToasts, getToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';

const adapters: AdapterInfo[] = [
  {
    id: 'rest', name: 'REST 接口', nameEn: 'REST API', description: '按记录逐条 POST JSON', fields: [
      { key: 'baseUrl', label: '平台地址', labelEn: 'Base URL', kind: 'url', required: true, help: null },
      { key: 'appKey', label: '应用标识', labelEn: 'App key', kind: 'text', required: true, help: null },
      { key: 'appSecret', label: '应用密钥', labelEn: 'App secret', kind: 'secret', required: true, help: null },
      { key: 'timeoutSeconds', label: '超时秒数', labelEn: 'Timeout', kind: 'number', required: false, help: '默认 10 秒' },
    ],
  },
  {
    id: 'file', name: '文件交换', nameEn: 'File drop', description: '每条记录一个 XML 文件', fields: [
      { key: 'folder', label: '交换目录', labelEn: 'Folder', kind: 'folder', required: true, help: null },
    ],
  },
];
const connection: ConnectionRow = {
  id: 5, name: '市气瓶追溯平台', adapter: 'rest', accessCode: 'ZZ0001',
  settings: { baseUrl: 'https://gov.example/api', appKey: 'K1', appSecret: '', timeoutSeconds: 10 }, secretsSet: ['appSecret'],
  kinds: ['registration', 'fill'], enabled: true, cursor: 40, latest: 52, counts: { accepted: 12, rejected: 1, queued: 0 },
  lastError: '连接超时（10 秒）', createdAt: '2026-11-01T00:00:00Z',
};
const record = (over: Partial<RecordRow>): RecordRow => ({
  id: 101, kind: 'fill', recordId: 'ZZ0001-F-41', seq: 41, cylinderCode: 'C0001', eventAt: '2026-11-20 08:00:00', state: 'rejected',
  reason: '介质代码不存在', lastError: null, attempts: 1, nextAttemptAt: null, sentAt: '2026-11-20 08:00:05', answeredAt: '2026-11-20 08:00:06',
  platformId: null, ...over,
});
const rejected = record({});
const accepted = record({ id: 102, cylinderCode: 'C0002', recordId: 'ZZ0001-F-42', seq: 42, state: 'accepted', reason: null });
const held = record({ id: 103, cylinderCode: 'C0003', recordId: 'ZZ0001-R-43', kind: 'registration', seq: 43, state: 'held', reason: '介质“氩气”未对照', attempts: 0, sentAt: null });
const detail: RecordDetail = {
  ...rejected, history: [{ id: 1, at: '2026-11-20 08:00:05', outcome: 'rejected', status: 200, durationMs: 48, detail: '平台答复：介质代码不存在', message: '{"recordId":"ZZ0001-F-41","gasCode":"X9"}' }],
};
const gasCodes: CodeMapRow[] = [
  { localKey: '1', localName: '氧气', code: 'O2' },
  { localKey: '2', localName: '氮气', code: null },
  { localKey: '3', localName: '氩气', code: null },
];

function serve(records: () => RecordRow[] = () => [rejected, accepted, held]) {
  const adapter = fakeAdapter((c): FakeReply => {
    if (c.url === '/regulator/adapters') return ok(adapters);
    if (c.url === '/regulator/connections') return ok([connection]);
    if (c.url === '/regulator/saveConnection') return ok({ id: 5 });
    if (c.url === '/regulator/codeMap') return ok(JSON.parse(c.data as string).table === 'gas' ? gasCodes : [{ localKey: '40L', localName: '40L', code: 'P40' }]);
    if (c.url === '/regulator/records') return ok({ list: records(), total: 3 });
    if (c.url === '/regulator/record') return ok(detail);
    if (c.url === '/regulator/resend') return ok({ requeued: 1 });
    if (c.url === '/regulator/backfill') return ok({ created: 3, requeued: 2, settled: 7 });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));
const SCREEN_LOAD = { timeout: 15_000 };
const toasts = () => getToasts().map((m) => m.message);
/** The row of the board showing this cylinder. */
const boardRow = async (code: string) => (await screen.findByRole('gridcell', { name: code })).closest('[role="row"]') as HTMLElement;
/** Types a day into a date picker, found by its label. */
async function typeDay(label: string, day: string) {
  const group = screen.getAllByRole('group', { name: label }).at(-1)!;
  await userEvent.click(within(group).getAllByRole('spinbutton')[0]!);
  await userEvent.keyboard(day.replace(/-/g, ''));
}

/** Clicks the dialog's button once it is no longer busy with the last click (保存 stays loading for a second). */
async function press(dialog: HTMLElement, name: string) {
  const button = within(dialog).getByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
}

afterEach(() => (http.setAdapter(undefined), clearToasts()));

describe('监管平台对接', { timeout: 40_000 }, () => {
  it('lists a connection with what it sends, its counts and last error; edits it keeping the secret; pauses it', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Regulator');
    const list = await screen.findByTestId('regulator-connections', undefined, SCREEN_LOAD);
    const row = within(list).getByText('市气瓶追溯平台').closest('tr')!;
    expect(within(row).getByText('REST 接口')).toBeInTheDocument();
    expect(within(row).getByText('ZZ0001')).toBeInTheDocument();
    expect(within(row).getByText('气瓶登记、充装记录')).toBeInTheDocument();
    expect(within(row).getAllByTestId('regulator-count').map((c) => c.textContent)).toEqual(['已接收 12', '被拒收 1']);
    expect(within(row).getByTestId('regulator-pending')).toHaveTextContent('12');
    expect(within(row).getByText('连接超时（10 秒）')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^平台地址/)).toHaveValue('https://gov.example/api');
    expect(within(dialog).getByLabelText(/^超时秒数/)).toHaveValue('10');
    const secret = within(dialog).getByLabelText(/^应用密钥/);
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('placeholder', '已设置，留空不修改');
    const key = within(dialog).getByLabelText(/^应用标识/);
    await userEvent.clear(key);
    await userEvent.type(key, 'K2');
    await press(dialog, '保存');
    await waitFor(() => expect(bodies(adapter, '/regulator/saveConnection')).toEqual([{
      id: 5, name: '市气瓶追溯平台', adapter: 'rest', accessCode: 'ZZ0001',
      settings: { baseUrl: 'https://gov.example/api', appKey: 'K2', timeoutSeconds: 10 }, kinds: ['registration', 'fill'], enabled: true,
    }]));

    await userEvent.click(within(row).getByRole('button', { name: '暂停' }));
    await waitFor(() => expect(bodies(adapter, '/regulator/enableConnection')).toEqual([{ id: 5, enabled: false }]));
  });

  it("adds a connection: required fields in Chinese, the chosen adapter's own fields, the body sent", async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Regulator');
    await userEvent.click(await screen.findByRole('button', { name: '新增对接' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog');
    // Every kind ticked for a new connection; nothing of an adapter's before one is chosen.
    expect(within(dialog).getAllByRole('checkbox', { checked: true })).toHaveLength(6);
    expect(within(dialog).queryByLabelText(/^平台地址/)).not.toBeInTheDocument();
    await press(dialog, '保存');
    expect(await within(dialog).findByText('请输入名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择对接方式')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入平台接入码')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('combobox', { name: /对接方式/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'REST 接口' }));
    // A new connection holds no secret: the secret is asked for.
    expect(within(dialog).getByLabelText(/^应用密钥/)).not.toHaveAttribute('placeholder', '已设置，留空不修改');
    await press(dialog, '保存');
    expect(await within(dialog).findByText('请输入应用密钥')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入平台地址')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('combobox', { name: /对接方式/ }));
    await userEvent.click(await screen.findByRole('option', { name: '文件交换' }));
    expect(within(dialog).queryByLabelText(/^应用密钥/)).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^名称/), ' 省平台 ');
    await userEvent.type(within(dialog).getByLabelText(/^平台接入码/), 'SD 01');
    await userEvent.type(within(dialog).getByLabelText(/^交换目录/), 'D:\\exchange\\out');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '定期检验' }));
    await press(dialog, '保存');
    expect(await within(dialog).findByText('平台接入码只能包含字母、数字、_ 和 -')).toBeInTheDocument();
    expect(bodies(adapter, '/regulator/saveConnection')).toEqual([]);
    const code = within(dialog).getByLabelText(/^平台接入码/);
    await userEvent.clear(code);
    await userEvent.type(code, 'SD-01');
    await press(dialog, '保存');
    await waitFor(() => expect(bodies(adapter, '/regulator/saveConnection')).toEqual([{
      name: '省平台', adapter: 'file', accessCode: 'SD-01', settings: { folder: 'D:\\exchange\\out' },
      kinds: ['registration', 'preFillCheck', 'fill', 'postFillCheck', 'outbound'], enabled: true,
    }]));
  });

  it('maps codes: unmapped rows counted, a malformed code refused, only the changed entries saved', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Regulator');
    await userEvent.click(await screen.findByRole('tab', { name: '代码对照' }, SCREEN_LOAD));
    expect(await screen.findByLabelText('氮气的平台代码')).toHaveValue('');
    expect(bodies(adapter, '/regulator/codeMap')).toEqual([{ connectionId: 5, table: 'gas' }]);
    expect(screen.getByTestId('regulator-unmapped')).toHaveTextContent('未对照 2 项');
    expect(screen.getAllByText('未对照')).toHaveLength(2);
    const save = screen.getByRole('button', { name: '保存' });
    expect(save).toBeDisabled();

    await userEvent.type(screen.getByLabelText('氮气的平台代码'), 'N2');
    await userEvent.type(screen.getByLabelText('氩气的平台代码'), 'Ar#1');
    expect(screen.getByText('只能包含字母、数字和 - _ .，最多 32 个字符')).toBeInTheDocument();
    expect(screen.getByTestId('regulator-unmapped')).toHaveTextContent('未对照 0 项');
    await userEvent.click(save);
    expect(toasts()).toContain('有平台代码格式不正确，请先修改');
    expect(bodies(adapter, '/regulator/saveCodeMap')).toEqual([]);

    await userEvent.clear(screen.getByLabelText('氩气的平台代码'));
    await userEvent.clear(screen.getByLabelText('氧气的平台代码'));
    expect(screen.getByTestId('regulator-unmapped')).toHaveTextContent('未对照 2 项');
    await userEvent.click(save);
    await waitFor(() => expect(bodies(adapter, '/regulator/saveCodeMap')).toEqual([
      { connectionId: 5, table: 'gas', entries: [{ localKey: '1', code: null }, { localKey: '2', code: 'N2' }] },
    ]));
    expect(toasts()).toContain('已保存 2 项代码对照');

    await userEvent.click(screen.getByRole('tab', { name: '气瓶类型代码' }));
    expect(await screen.findByLabelText('40L的平台代码')).toHaveValue('P40');
    expect(bodies(adapter, '/regulator/codeMap').at(-1)).toEqual({ connectionId: 5, table: 'cylinderType' });
  });

  it('shows the board with state names, sends its filters, opens a record with its attempts', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Regulator');
    const row = await boardRow('C0001');
    expect(bodies(adapter, '/regulator/records')[0]).toEqual({ connectionId: 5, page: 1, size: 15 });
    expect(within(row).getByTestId('regulator-state')).toHaveTextContent('被拒收');
    expect(within(row).getByTestId('regulator-state')).toHaveClass('MuiChip-colorError');
    expect(within(row).getByText('充装记录')).toBeInTheDocument();
    expect(within(row).getByText('介质代码不存在')).toBeInTheDocument();
    expect(within(await boardRow('C0002')).getByTestId('regulator-state')).toHaveClass('MuiChip-colorSuccess');
    expect(within(await boardRow('C0003')).getByTestId('regulator-state')).toHaveTextContent('暂缓发送');

    await userEvent.click(screen.getByRole('combobox', { name: '上报类型' }));
    await userEvent.click(await screen.findByRole('option', { name: '充装记录' }));
    await userEvent.click(screen.getByRole('combobox', { name: '状态' }));
    await userEvent.click(await screen.findByRole('option', { name: '被拒收' }));
    await typeDay('日期', '2026-11-20');
    await userEvent.type(screen.getByLabelText('气瓶编号'), ' C0001 ');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(adapter, '/regulator/records').at(-1)).toEqual({
      connectionId: 5, page: 1, size: 15, kind: 'fill', state: 'rejected', day: '2026-11-20', cylinderCode: 'C0001',
    }));

    await userEvent.click(within(await boardRow('C0001')).getByText('ZZ0001-F-41'));
    const dialog = await screen.findByTestId('regulator-record');
    expect(adapter.calls.filter((c) => c.url === '/regulator/record').map((c) => (c.params as { id: number }).id)).toEqual([101]);
    const attempt = within(dialog).getByTestId('regulator-attempt');
    expect(within(attempt).getByText('平台答复：介质代码不存在')).toBeInTheDocument();
    expect(within(attempt).getByText('48 毫秒')).toBeInTheDocument();
    expect(within(attempt).getByLabelText('发送的报文')).toHaveTextContent('{"recordId":"ZZ0001-F-41","gasCode":"X9"}');
  });

  it('resends the chosen records it can, and back-fills a range of at most 31 days', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Regulator');
    const resend = () => screen.getByRole('button', { name: '重新上报' });
    await userEvent.click(within(await boardRow('C0002')).getByRole('checkbox'));
    // An accepted record is not sent again.
    expect(resend()).toBeDisabled();
    await userEvent.click(within(await boardRow('C0001')).getByRole('checkbox'));
    await userEvent.click(within(await boardRow('C0003')).getByRole('checkbox'));
    expect(resend()).toBeEnabled();
    await userEvent.click(resend());
    await waitFor(() => expect(bodies(adapter, '/regulator/resend')).toEqual([{ connectionId: 5, ids: [101, 103] }]));
    await waitFor(() => expect(toasts()).toContain('已重新排队 1 条'));

    await userEvent.click(screen.getByRole('button', { name: '补报' }));
    const dialog = await screen.findByRole('dialog');
    await press(dialog, '补报');
    expect(await within(dialog).findByText('请选择开始日期')).toBeInTheDocument();
    await typeDay('开始日期', '2026-11-01');
    // 11-01 to 12-02 is 32 days, both ends counted.
    await typeDay('结束日期', '2026-12-02');
    await press(dialog, '补报');
    expect(await within(dialog).findByText('补报日期范围不能超过 31 天')).toBeInTheDocument();
    await typeDay('结束日期', '2026-10-31');
    await press(dialog, '补报');
    expect(await within(dialog).findByText('结束日期不能早于开始日期')).toBeInTheDocument();
    expect(bodies(adapter, '/regulator/backfill')).toEqual([]);

    await typeDay('结束日期', '2026-12-01');
    await press(dialog, '补报');
    await waitFor(() => expect(bodies(adapter, '/regulator/backfill')).toEqual([{ connectionId: 5, from: '2026-11-01', to: '2026-12-01' }]));
    await waitFor(() => expect(toasts()).toContain('新建 3 条，重新上报 2 条，已接收未变 7 条'));
  });

  it('asks for the board again every five seconds: a record seen going from 待发送 to 已接收', async () => {
    storeSession();
    let answered = 0;
    serve(() => (answered++ === 0 ? [record({ state: 'queued', reason: null })] : [record({ state: 'accepted', reason: null })]));
    renderScreen('/Setting/Regulator');
    expect(within(await boardRow('C0001')).getByTestId('regulator-state')).toHaveTextContent('待发送');
    await waitFor(() => expect(within(screen.getByRole('gridcell', { name: 'C0001' }).closest('[role="row"]') as HTMLElement)
      .getByTestId('regulator-state')).toHaveTextContent('已接收'), { timeout: 8_000 });
  });

  it('shows a user holding regulator:view alone no button that changes or sends anything', async () => {
    storeSession({ ...adminNav(), promise: ['regulator:view'] }, '监管员');
    serve();
    renderScreen('/Setting/Regulator');
    expect(await boardRow('C0001')).toBeInTheDocument();
    for (const name of ['新增对接', '编辑', '暂停', '重新上报', '补报']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '代码对照' }));
    expect(await screen.findByLabelText('氮气的平台代码')).toBeDisabled();
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
  });
});
