import type { AreaNode } from '@shared/api/area';
import type { EnterpriseRow } from '@shared/api/enterprise';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';

export const AREAS: AreaNode[] = [
  { code: '330000', name: '浙江省', children: [{ code: '330100', name: '杭州市', children: [{ code: '330106', name: '西湖区' }] }] },
  { code: '320000', name: '江苏省', children: [{ code: '320100', name: '南京市', children: [{ code: '320102', name: '玄武区' }] }] },
];

export const customer: EnterpriseRow = {
  id: 5, type: '2', enterpriseName: '杭州钢铁厂', enterpriseCode: 'HZGT', creditCode: null, contact: '王五', phone: '0571-1234567',
  provinceCode: '330000', provinceName: '浙江省', cityCode: '330100', cityName: '杭州市', districtCode: '330106', districtName: '西湖区',
  address: '文三路 1 号', remark: null, createdAt: '2026-01-01T00:00:00Z',
};

/** The enterprise endpoints answered by a fake server; `extra` answers first when it knows the path. */
export function serveEnterprises(extra: (url: string) => FakeReply | undefined = () => undefined) {
  const adapter = fakeAdapter((c) => {
    const url = c.url ?? '';
    const own = extra(url);
    if (own) return own;
    if (url === '/enterprise/listPage') return ok({ list: [customer], total: 1 });
    if (url === '/area/getAreaInfoAllList') return ok(AREAS);
    if (url === '/enterprise/info/5') return ok(customer);
    if (url === '/enterprise/save') return ok({ id: 6 });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}

export const bodies = (adapter: ReturnType<typeof serveEnterprises>, url: string) =>
  adapter.calls.filter((c) => c.url === url).map((c) => (typeof c.data === 'string' ? JSON.parse(c.data) : c.data));
