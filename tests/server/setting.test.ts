import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabelContent, SettingInfo, SettingRow } from '../../src/shared/api/setting';
import type { PageResult } from '../../src/shared/api/schema';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';

let t: TestApp;
let admin: string;

const LABEL: LabelContent = {
  width: 60, height: 40, dpi: 203, direction: 0, lang: 'zpl',
  details: [
    { type: 'FONT', x: 2, y: 2, fontSize: 3, content: '瓶号 {cylinder.code}' },
    { type: 'BARCODE', x: 2, y: 8, size: 10, content: '{cylinder.code}' },
    { type: 'QRCODE', x: 40, y: 8, size: 10, content: '{cylinder.qrUrl|无}' },
    { type: 'FONT', x: 2, y: 30, fontSize: 3, content: '充装 {lastFill.at|未充装} 检验 {lastInspection.items[0].name|-}' },
  ],
};
const label = (name: string, extra: Record<string, unknown> = {}) =>
  ({ kind: 'LABEL', name, settingKey: 'CYLINDER_LABEL', dataSource: 'CYLINDER', content: LABEL, ...extra });

async function save(body: unknown, token = admin) {
  return t.call<{ id: number }>('POST', '/api/setting/save', { token, body });
}
async function info(kind: string, id: number, token = admin) {
  return t.call<SettingInfo>('GET', `/api/setting/info/${kind}/${id}`, { token });
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.login()).token;
});
afterAll(async () => { await t?.close(); });

describe('settings (报表设置, 记录内容设置, 标签设置)', () => {
  it('a label layout round-trips through save and info, and each save makes a new version', async () => {
    const saved = await save(label('气瓶标签'));
    expect(saved.body).toMatchObject({ code: 0 });
    const id = saved.body.data.id;
    const read = await info('LABEL', id);
    expect(read.body.data).toMatchObject({ id, kind: 'LABEL', name: '气瓶标签', settingKey: 'CYLINDER_LABEL', dataSource: 'CYLINDER', version: 1, enabled: 1, isDefault: 0 });
    expect(read.body.data.content).toEqual(LABEL);
    const moved = { ...LABEL, details: [{ ...LABEL.details[0]!, x: 7.5 }, ...LABEL.details.slice(1)] };
    expect((await save({ ...label('气瓶标签'), id, content: moved })).body.code).toBe(0);
    const again = await info('LABEL', id);
    expect(again.body.data.version).toBe(2);
    expect((again.body.data.content as LabelContent).details[0]!.x).toBe(7.5);
    // Asked as another kind, it is not found.
    expect((await info('REPORT', id)).body).toMatchObject({ code: -1, msg: `报表设置不存在：${id}` });
  });

  it('refuses a label whose placeholders name fields the data source does not have, naming them', async () => {
    const bad = { ...LABEL, details: [...LABEL.details, { type: 'FONT', x: 1, y: 1, content: '{cylinder.colour|红} {order.orderNo}' }] };
    const res = await save(label('坏标签', { content: bad }));
    expect(res.body).toMatchObject({ code: -1, msg: '标签内容中有数据源「气瓶」没有的字段：{cylinder.colour}、{order.orderNo}' });
    expect((await t.call<SettingRow[]>('POST', '/api/setting/list', { token: admin, body: { kind: 'LABEL' } })).body.data.map((r) => r.name)).not.toContain('坏标签');
  });

  it('a copy changes without changing its original, and is not the default', async () => {
    const original = (await save(label('原标签', { isDefault: 1 }))).body.data.id;
    const copied = await t.call<{ id: number }>('POST', '/api/setting/copy', { token: admin, body: { id: original } });
    expect(copied.body.code).toBe(0);
    const copy = (await info('LABEL', copied.body.data.id)).body.data;
    expect(copy).toMatchObject({ name: '原标签 副本', isDefault: 0, copiedFrom: original, version: 1 });
    const changed = { ...LABEL, width: 80 };
    expect((await save({ ...label('原标签 副本'), id: copy.id, content: changed })).body.code).toBe(0);
    expect(((await info('LABEL', original)).body.data.content as LabelContent).width).toBe(60);
    expect(((await info('LABEL', copy.id)).body.data.content as LabelContent).width).toBe(80);
    // A second copy gets a name of its own.
    const second = await t.call<{ id: number }>('POST', '/api/setting/copy', { token: admin, body: { id: original } });
    expect((await info('LABEL', second.body.data.id)).body.data.name).toBe('原标签 副本（2）');
  });

  it('one default per kind and purpose: a new default takes the mark from the old one', async () => {
    const a = (await save(label('默认A', { settingKey: 'DEF', isDefault: 1 }))).body.data.id;
    const b = (await save(label('默认B', { settingKey: 'DEF', isDefault: 1 }))).body.data.id;
    const list = await t.call<SettingRow[]>('POST', '/api/setting/list', { token: admin, body: { kind: 'LABEL', settingKey: 'DEF' } });
    expect(list.body.data.map((r) => [r.id, r.isDefault])).toEqual([[b, 1], [a, 0]]);
    expect((await save(label('停用默认', { settingKey: 'DEF', isDefault: 1, enabled: 0 }))).body).toMatchObject({ code: -1, msg: '停用的设置不能设为默认' });
  });

  it('names are unique per kind, pages filter by name, and the kind of a setting never changes', async () => {
    const dup = await save(label('气瓶标签'));
    expect(dup.body).toMatchObject({ code: -1, msg: '名称已存在：气瓶标签' });
    const page = await t.call<PageResult<SettingRow>>('POST', '/api/setting/listPage', { token: admin, body: { kind: 'LABEL', keyword: '原标签', size: 2, sidx: 'name' } });
    expect(page.body.data).toMatchObject({ total: 3 });
    expect(page.body.data.list.map((r) => r.name)).toEqual(['原标签', '原标签 副本']);
    const id = (await save(label('类别不变'))).body.data.id;
    const asReport = await save({ kind: 'REPORT', id, name: '类别不变', settingKey: 'QUALITY_CERTIFICATE', dataSource: 'OUTBOUND_ORDER', content: { fileId: 1, fileName: 'a.docx' } });
    expect(asReport.body).toMatchObject({ code: -1, msg: '设置的类别不能修改' });
  });

  it('a record setting is one per record, of a known record, and cannot be copied', async () => {
    const body = { kind: 'RECORD', name: '充装记录内容', settingKey: 'FILLING', dataSource: 'CYLINDER', content: { fields: [{ key: 'lotNo', show: 1, required: 1 }] } };
    const first = await save(body);
    expect(first.body.code).toBe(0);
    expect((await save({ ...body, name: '第二个' })).body).toMatchObject({ code: -1, msg: '该记录已有记录内容设置：FILLING' });
    expect((await save({ ...body, name: '未知记录', settingKey: 'PAINTING' })).body.msg).toContain('记录内容设置的用途只能是');
    expect((await save({ ...body, name: '隐藏必填', settingKey: 'INSPECTION', content: { fields: [{ key: 'remark', show: 0, required: 1 }] } })).body)
      .toMatchObject({ code: -1, msg: '字段 remark 必填时必须显示' });
    expect((await t.call('POST', '/api/setting/copy', { token: admin, body: { id: first.body.data.id } })).body)
      .toMatchObject({ code: -1, msg: '每种记录只有一条记录内容设置，不能复制' });
  });

  it('refuses bad input by the schema and changes nothing', async () => {
    const before = (await t.call<SettingRow[]>('POST', '/api/setting/list', { token: admin, body: { kind: 'LABEL' } })).body.data.length;
    for (const body of [
      label('名称\u0000'),
      label('过多元素', { content: { ...LABEL, details: Array.from({ length: 201 }, () => LABEL.details[0]) } }),
      label('未知数据源', { dataSource: 'PAYROLL' }),
      label('超宽', { content: { ...LABEL, width: 1e12 } }),
      { ...label('id越界'), id: 2 ** 31 },
    ]) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(200);
      expect(res.body.code).toBe(-1);
    }
    expect((await t.call<SettingRow[]>('POST', '/api/setting/list', { token: admin, body: { kind: 'LABEL' } })).body.data).toHaveLength(before);
  });

  it('checks the key of the kind asked: label keys open labels only', async () => {
    const u = await createLimitedUser(t, admin, 'labeluser', ['label:view', 'label:save']);
    const token = (await t.login(u.username, u.password)).token;
    expect((await t.call('POST', '/api/setting/list', { token, body: { kind: 'LABEL' } })).body.code).toBe(0);
    expect((await t.call('POST', '/api/setting/list', { token, body: { kind: 'REPORT' } })).status).toBe(403);
    expect((await t.call('POST', '/api/setting/listPage', { token, body: { kind: 'RECORD' } })).status).toBe(403);
    expect((await save(label('用户标签'), token)).body.code).toBe(0);
    const id = (await save(label('管理员标签'))).body.data.id;
    // label:copy is a key of its own.
    expect((await t.call('POST', '/api/setting/copy', { token, body: { id } })).status).toBe(403);
    expect((await save({ kind: 'RECORD', name: '复秤', settingKey: 'REWEIGH', dataSource: 'CYLINDER', content: { fields: [] } }, token)).status).toBe(403);
  });
});
