import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import type { CycleInfo, TimelineEvent, TraceInfo } from '@shared/api/production';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';
import { bodies, brief, refusal, result, UUID } from '@renderer/stations/testData';

const SCREEN_LOAD = { timeout: 15_000 };
type Handler = (c: InternalAxiosRequestConfig) => FakeReply | undefined;

const event = (id: number, seq: number, action: string, actionName: string, from: number | null, to: number, extra: Partial<TimelineEvent> = {}): TimelineEvent => ({
  id, seq, action, actionName, fromStatus: from, toStatus: to, operator: '张三', workstation: '充装一号工位', at: `2026-03-0${seq}T08:00:00Z`,
  recordType: null, recordId: null, revertsId: null, revertedById: null, detail: null, notes: [], ...extra,
});

const events: TimelineEvent[] = [
  event(1, 1, 'register', '登记', null, 2),
  event(2, 2, 'pick', '领瓶', 2, 3, { revertedById: 3, detail: { materialName: '液化石油气', scanId: 'x' } }),
  event(3, 3, 'rollback', '回退', 3, 2, { revertsId: 2, detail: { reason: '误扫' }, notes: [{ id: 9, note: '班长已确认', operator: '管理员', at: '2026-03-03T09:00:00Z' }] }),
  event(4, 4, 'fill', '充装', 3, 4, { detail: { lotNo: 'L20260304', filledWeight: 14.6, source: 'manual' } }),
  event(5, 5, 'reweighFail', '复秤超差', 5, 1, { detail: { netWeight: 15.3, deviation: 0.8 } }),
];

const info = (status: number): TraceInfo => ({
  cylinder: {
    ...brief('GP0201', status), steelStamp: 'GS0201', manufactureDate: '2020-05-01', lastInspectionDate: '2024-05-01', place: 'noWarehouse', warehouseName: null,
    locationName: null, lastFilledAt: '2026-03-04T08:00:00Z', cycles: 12,
  },
  events,
});
const cycle: CycleInfo = {
  no: 12, filledAt: '2026-03-04T08:00:00Z', lotNo: 'L20260304', materialName: '液化石油气', testedAt: null, reweighedAt: '2026-03-05T08:00:00Z',
  stockedAt: null, shippedAt: null, customer: null, returnedAt: null, events: [4, 5],
};

function serve(status: number, handler: Handler = () => undefined) {
  const adapter = fakeAdapter((c) => {
    const own = handler(c);
    if (own) return own;
    if (c.url === '/trace/getInfo') return ok(info(status));
    if (c.url === '/produce/listCycleInfo') return ok([cycle]);
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}

async function look(code = 'GP0201') {
  await userEvent.type(await screen.findByPlaceholderText('请扫描或输入气瓶编码后回车', undefined, SCREEN_LOAD), `${code}{Enter}`);
}
const item = (name: RegExp) => within(screen.getByRole('list', { name: '追溯时间线' })).getByRole('listitem', { name });

afterEach(() => http.setAdapter(undefined));

describe('追溯查询 /produce/traceability', { timeout: 60_000 }, () => {
  it('shows the card, the timeline newest first with rolled-back events struck and linked, and the cycles', async () => {
    storeSession();
    const adapter = serve(1);
    renderScreen('/produce/traceability');
    await look();
    const card = await screen.findByRole('region', { name: '气瓶档案' });
    expect(within(card).getByText('GP0201')).toBeInTheDocument();
    expect(within(card).getByTestId('cylinder-status')).toHaveTextContent('待分析');
    expect(within(card).getByText('GS0201')).toBeInTheDocument();

    const list = screen.getByRole('list', { name: '追溯时间线' });
    expect(within(list).getAllByTestId('event-action').map((e) => e.textContent)).toEqual(['复秤超差', '充装', '回退', '领瓶', '登记']);
    const picked = item(/^2 领瓶/);
    expect(picked).toHaveAttribute('data-reverted', 'true');
    expect(getComputedStyle(within(picked).getByTestId('event-action')).textDecoration).toContain('line-through');
    expect(within(picked).getByText('已回退')).toBeInTheDocument();
    expect(within(picked).getByRole('button', { name: '已被第 3 步回退' })).toBeInTheDocument();
    expect(within(picked).getByText('在库 → 已领瓶')).toBeInTheDocument();
    const rollback = item(/^3 回退/);
    expect(rollback).not.toHaveAttribute('data-reverted');
    expect(within(rollback).getByRole('button', { name: '撤销了第 2 步“领瓶”' })).toBeInTheDocument();
    expect(within(rollback).getByText('原因：误扫')).toBeInTheDocument();
    expect(within(rollback).getByText('班长已确认')).toBeInTheDocument();
    expect(within(item(/^4 充装/)).getByText('批号：L20260304，充装量(kg)：14.6，重量来源：手工')).toBeInTheDocument();
    expect(within(item(/^4 充装/)).getByText('@充装一号工位')).toBeInTheDocument();

    const cycles = screen.getByRole('table', { name: '充装周期' });
    expect(within(cycles).getByText('L20260304')).toBeInTheDocument();
    expect(bodies(adapter, '/trace/getInfo')[0]).toEqual({ code: 'GP0201' });
    expect(bodies(adapter, '/produce/listCycleInfo')[0]).toEqual({ code: 'GP0201' });
  });

  it('opens from a link (?code=&event=, a statement\'s line) at that cylinder with that event marked', async () => {
    storeSession();
    const adapter = serve(1);
    renderScreen('/produce/traceability?code=GP0201&event=4');
    await screen.findByRole('region', { name: '气瓶档案' }, SCREEN_LOAD);
    expect(bodies(adapter, '/trace/getInfo')[0]).toEqual({ code: 'GP0201' });
    await waitFor(() => expect(item(/^4 充装/)).toHaveAttribute('aria-current', 'true'));
    expect(within(screen.getByRole('list', { name: '追溯时间线' })).getAllByRole('listitem').filter((li) => li.getAttribute('aria-current'))).toHaveLength(1);
  });

  it('a kept scan recorded with its station time out of bounds shows the flag; one a supervisor re-scanned names both', async () => {
    storeSession();
    const flag = '工位时间 2026-03-01 08:05:00 超出离线补传最长时限（24 小时）；以服务器时间为准';
    const flagged: TraceInfo = {
      ...info(4),
      events: [
        event(1, 1, 'register', '登记', null, 2),
        event(2, 2, 'pick', '领瓶', 2, 3, { replayed: true, stationAt: '2026-03-02T07:00:00Z', timeFlag: null, enteredBy: '管理员' }),
        event(3, 3, 'fill', '充装', 3, 4, { replayed: true, stationAt: '2026-03-01T00:05:00Z', timeFlag: flag, enteredBy: null }),
      ],
    };
    serve(4, (c) => (c.url === '/trace/getInfo' ? ok(flagged) : undefined));
    renderScreen('/produce/traceability');
    await look();
    await screen.findByRole('region', { name: '气瓶档案' });
    expect(within(item(/^3 充装/)).getByTestId('event-time-flag')).toHaveTextContent(`时间存疑：${flag}`);
    expect(within(item(/^3 充装/)).queryByTestId('event-entered-by')).not.toBeInTheDocument();
    expect(within(item(/^2 领瓶/)).getByTestId('event-entered-by')).toHaveTextContent('管理员 重新扫描补录');
    expect(within(item(/^2 领瓶/)).getByText('张三')).toBeInTheDocument();
    expect(within(item(/^2 领瓶/)).queryByTestId('event-time-flag')).not.toBeInTheDocument();
  });

  it('says so in red when the code is unknown', async () => {
    storeSession();
    serve(2, (c) => (c.url === '/trace/getInfo' ? refusal('气瓶 GP9999 不存在') : undefined));
    renderScreen('/produce/traceability');
    await look('GP9999');
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('气瓶 GP9999 不存在'));
    expect(status).toHaveAttribute('data-kind', 'refused');
    expect(screen.queryByRole('region', { name: '气瓶档案' })).not.toBeInTheDocument();
  });

  it('分析处理 报废 needs a reason and asks for confirmation before it is sent', async () => {
    storeSession();
    const adapter = serve(1, (c) => (c.url === '/trace/productAnalyse' ? ok(result('GP0201', 1, 0, '气瓶 GP0201 已报废', { action: 'analyse' })) : undefined));
    renderScreen('/produce/traceability');
    await look();
    await userEvent.click(await screen.findByRole('button', { name: '分析处理' }));
    const dialog = await screen.findByRole('dialog', { name: '分析处理：GP0201' });
    await userEvent.click(within(dialog).getByRole('radio', { name: '报废' }));
    expect(within(dialog).getByText(/报废后不能恢复/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确定报废' }));
    expect(await within(dialog).findByText('请输入处理意见')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^处理意见/), '瓶体严重腐蚀');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '确定报废' })).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(within(dialog).getByRole('button', { name: '确定报废' }));
    const confirmation = await screen.findByRole('dialog', { name: '确认报废' });
    expect(confirmation).toHaveTextContent('气瓶 GP0201 将被永久报废，不能恢复（处理意见：瓶体严重腐蚀）');
    expect(adapter.calls.some((c) => c.url === '/trace/productAnalyse')).toBe(false);
    await userEvent.click(within(confirmation).getByRole('button', { name: '确定报废' }));
    await waitFor(() => expect(bodies(adapter, '/trace/productAnalyse')).toEqual([{ code: 'GP0201', scanId: expect.stringMatching(UUID), decision: 0, reason: '瓶体严重腐蚀' }]));
    expect(await screen.findByText('气瓶 GP0201 已报废')).toBeInTheDocument();
  });

  it('分析处理 back to stock is sent without the scrap confirmation', async () => {
    storeSession();
    const adapter = serve(1, (c) => (c.url === '/trace/productAnalyse' ? ok(result('GP0201', 1, 2, '气瓶 GP0201 已回到在库', { action: 'analyse' })) : undefined));
    renderScreen('/produce/traceability');
    await look();
    await userEvent.click(await screen.findByRole('button', { name: '分析处理' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^在库/ }));
    await userEvent.type(within(dialog).getByLabelText(/^处理意见/), '复称后正常');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(bodies(adapter, '/trace/productAnalyse')).toEqual([{ code: 'GP0201', scanId: expect.stringMatching(UUID), decision: 2, reason: '复称后正常' }]));
    expect(screen.queryByRole('dialog', { name: '确认报废' })).not.toBeInTheDocument();
  });

  it('抽真空 is offered for a recovered cylinder and sends the vacuum reached; not 分析处理', async () => {
    storeSession();
    const adapter = serve(10, (c) => (c.url === '/trace/vacuumHandle' ? ok(result('GP0201', 10, 2, '气瓶 GP0201 抽真空完成，已入空瓶库', { action: 'vacuum' })) : undefined));
    renderScreen('/produce/traceability');
    await look();
    await screen.findByRole('region', { name: '气瓶档案' });
    expect(screen.queryByRole('button', { name: '分析处理' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '抽真空' }));
    const dialog = await screen.findByRole('dialog', { name: '抽真空：GP0201' });
    await userEvent.type(within(dialog).getByLabelText(/^真空度/), '-0.09');
    await userEvent.click(within(dialog).getByRole('button', { name: '抽真空' }));
    await waitFor(() => expect(bodies(adapter, '/trace/vacuumHandle')).toEqual([{ code: 'GP0201', scanId: expect.stringMatching(UUID), pressure: -0.09, remark: null }]));
  });

  it('shows a failed inspection and the other recorded facts in words: no raw keys, no empty standard', async () => {
    storeSession();
    serve(1, (c) => (c.url === '/trace/getInfo' ? ok({
      ...info(1),
      events: [
        ...events,
        event(6, 6, 'testFail', '检验不合格', 4, 1, { detail: { failedItems: ['外观（标准 —）', '纯度 99.5%（标准 ≥99.99%）'], failedProjects: ['外观', '纯度'], itemId: 7 } }),
        event(7, 7, 'recover', '回收', 9, 10, { detail: { customerId: 3, customer: '丙医院', discrepancy: true, expectedCustomerId: 4, expectedCustomer: '丁工厂' } }),
      ],
    }) : undefined));
    renderScreen('/produce/traceability');
    await look();
    expect(await within(await screen.findByRole('listitem', { name: /^6 检验不合格/ }, SCREEN_LOAD)).findByText('不合格项目：外观、纯度 99.5%（标准 ≥99.99%）')).toBeInTheDocument();
    expect(within(item(/^7 回收/)).getByText('客户：丙医院，与系统记录不符：是，系统记录的客户：丁工厂')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: '追溯时间线' });
    expect(list).not.toHaveTextContent(/failedProjects|expectedCustomerId|itemId|标准 —/);
  });

  it('counts the events with the timeline, which follows an event added on the screen (共 5 条 → 共 6 条)', async () => {
    storeSession();
    let shown = events;
    serve(10, (c) => {
      if (c.url === '/trace/getInfo') return ok({ ...info(10), events: shown });
      if (c.url !== '/trace/vacuumHandle') return undefined;
      shown = [...events, event(6, 6, 'vacuum', '抽真空', 10, 2, { detail: { pressure: -0.09 } })];
      return ok(result('GP0201', 10, 2, '气瓶 GP0201 抽真空完成，已入空瓶库', { action: 'vacuum' }));
    });
    renderScreen('/produce/traceability');
    await look();
    expect(await screen.findByTestId('event-count', undefined, SCREEN_LOAD)).toHaveTextContent('共 5 条');
    await userEvent.click(screen.getByRole('button', { name: '抽真空' }));
    const dialog = await screen.findByRole('dialog', { name: '抽真空：GP0201' });
    await userEvent.type(within(dialog).getByLabelText(/^真空度/), '-0.09');
    await userEvent.click(within(dialog).getByRole('button', { name: '抽真空' }));
    await waitFor(() => expect(screen.getByTestId('event-count')).toHaveTextContent('共 6 条'));
    expect(screen.queryByText(/共 5 条/)).not.toBeInTheDocument();
  });

  it('备注 on an event is saved with its trace id', async () => {
    storeSession();
    const adapter = serve(2, (c) => (c.url === '/trace/saveOrEdit' ? ok({ id: 10 }) : undefined));
    renderScreen('/produce/traceability');
    await look();
    await screen.findByRole('region', { name: '气瓶档案' });
    // In stock (2): vacuum handling before a first flammable fill is offered.
    expect(screen.getByRole('button', { name: '抽真空' })).toBeInTheDocument();
    await userEvent.click(within(item(/^4 充装/)).getByRole('button', { name: '备注' }));
    const dialog = await screen.findByRole('dialog', { name: '备注' });
    await userEvent.type(within(dialog).getByLabelText(/^备注/), '充装时阀门有轻微漏气，已处理');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/trace/saveOrEdit')).toEqual([{ traceId: 4, note: '充装时阀门有轻微漏气，已处理' }]));
    // The user's own note can be edited.
    await userEvent.click(within(item(/^3 回退/)).getByRole('button', { name: '编辑' }));
    expect(await screen.findByRole('dialog', { name: '修改备注' })).toBeInTheDocument();
  });

  it('a user holding only trace:view gets no 分析处理, 抽真空 or 备注', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'trace:view'] }, '查看员');
    serve(1);
    renderScreen('/produce/traceability');
    await look();
    await screen.findByRole('region', { name: '气瓶档案' });
    for (const name of ['分析处理', '抽真空', '备注']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
