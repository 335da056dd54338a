import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SYSTEM_RULE_DEFAULTS, type SystemRules } from '@shared/api/systemRule';
import { http } from '@renderer/http/client';
import { clearToasts, getToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';

const SCREEN_LOAD = { timeout: 15_000 };

/** The rules in force; a save changes the rules it names and answers them all. */
function serve(initial: SystemRules = SYSTEM_RULE_DEFAULTS) {
  let rules = { ...initial };
  const adapter = fakeAdapter((c) => {
    if (c.url === '/setting/systemRule/get') return ok(rules);
    if (c.url === '/setting/rule/save') {
      rules = { ...rules, ...(JSON.parse(c.data as string) as Partial<SystemRules>) };
      return ok(rules);
    }
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
const saves = (adapter: ReturnType<typeof serve>) => adapter.calls.filter((c) => c.url === '/setting/rule/save').map((c) => JSON.parse(c.data as string));
const section = (name: string) => screen.getByRole('region', { name });

afterEach(() => (http.setAdapter(undefined), clearToasts()));

describe('系统规则', { timeout: 30_000 }, () => {
  it('shows every rule by section with the ranges, and saves only the rules changed', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/SystemSetting');
    const longOut = await screen.findByLabelText(/^长期在外天数/, undefined, SCREEN_LOAD);
    expect(longOut).toHaveValue('90');
    expect(within(section('库存')).getAllByText('范围 1–3650')).toHaveLength(3);
    // 液化气用户: delivery refused on an open major hazard, or a safety check older than 365 days, by default.
    expect(within(section('库存')).getByRole('switch', { name: '液化气用户有未整改重大隐患时拒绝配送' })).toBeChecked();
    expect(within(section('库存')).getByLabelText(/^入户安检有效天数/)).toHaveValue('365');
    // 客户盘点's rules of 丢失: 2 audits or 90 days by default.
    expect(within(section('库存')).getByLabelText(/^客户盘点连续几次未见判定丢失/)).toHaveValue('2');
    expect(within(section('库存')).getByText('范围 1–20')).toBeInTheDocument();
    expect(within(section('库存')).getByLabelText(/^首次盘点未见后几天判定丢失/)).toHaveValue('90');
    expect(within(section('生产')).getByRole('switch', { name: '允许手工录入重量' })).toBeChecked();
    expect(within(section('生产')).getByRole('switch', { name: '可燃气体首次充装前须抽真空' })).toBeChecked();
    expect(within(section('生产')).getByRole('switch', { name: '液化石油气钢瓶检验合格后延长使用年限' })).toBeChecked();
    expect(within(section('生产')).getByLabelText(/^离线补传最长时限（小时）/)).toHaveValue('24');
    expect(within(section('生产')).getByText('范围 1–720')).toBeInTheDocument();
    expect(within(section('生产')).getByLabelText(/^单次充装最长时长（分钟）/)).toHaveValue('120');
    const password = section('密码策略');
    expect(within(password).getByLabelText(/^最短长度/)).toHaveValue('8');
    expect(within(password).getByText('范围 8–64')).toBeInTheDocument();
    expect(within(password).getByText('范围 1–4')).toBeInTheDocument();
    expect(within(password).getByRole('switch', { name: '不得包含用户名' })).toBeChecked();
    expect(within(password).getByRole('switch', { name: '禁止常见弱密码' })).toBeChecked();
    expect(within(section('登录')).getByLabelText(/^访问令牌有效期（分钟）/)).toHaveValue('15');
    expect(within(section('登录')).getByText('范围 1–2160')).toBeInTheDocument();

    await userEvent.clear(longOut);
    await userEvent.type(longOut, '120');
    await userEvent.click(within(section('生产')).getByRole('switch', { name: '允许手工录入重量' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saves(adapter)).toEqual([{ longOutDays: 120, allowManualWeight: false }]));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('保存成功'));

    // Saved: the form is now the baseline, so a second save has nothing to send.
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('没有修改需要保存'));
    expect(saves(adapter)).toHaveLength(1);
    expect(screen.getByLabelText(/^长期在外天数/)).toHaveValue('120');
  });

  it('refuses a number outside its range without calling the server', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/SystemSetting');
    const minLength = await screen.findByLabelText(/^最短长度/, undefined, SCREEN_LOAD);
    await userEvent.clear(minLength);
    await userEvent.type(minLength, '4');
    await userEvent.tab();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('最短长度不能小于 8')).toBeInTheDocument();
    expect(screen.queryByText('范围 8–64')).not.toBeInTheDocument();
    expect(saves(adapter)).toEqual([]);
  });

  it('is read-only without systemRule:save', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'systemRule:view'] }, '查看员');
    serve({ ...SYSTEM_RULE_DEFAULTS, longOutDays: 30 });
    renderScreen('/Setting/SystemSetting');
    expect(await screen.findByLabelText(/^长期在外天数/, undefined, SCREEN_LOAD)).toBeDisabled();
    expect(screen.getByRole('switch', { name: '禁止常见弱密码' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
  });
});
