import type { DeptNode, DeptRow } from '@shared/api/user';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';

/** 总部 › 生产部 › 充装班, and 销售部 at the top. */
export const DEPTS: DeptRow[] = [
  { id: 1, deptName: '总部', parentId: null, leader: '张总', phone: '0571-1000', sort: 1, userCount: 1 },
  { id: 2, deptName: '生产部', parentId: 1, leader: '李工', phone: null, sort: 1, userCount: 0 },
  { id: 3, deptName: '充装班', parentId: 2, leader: null, phone: null, sort: 1, userCount: 4 },
  { id: 4, deptName: '销售部', parentId: null, leader: null, phone: null, sort: 2, userCount: 0 },
];

const node = (id: number, children: DeptNode[] = []): DeptNode => ({ ...DEPTS.find((d) => d.id === id)!, children });
export const TREE: DeptNode[] = [node(1, [node(2, [node(3)])]), node(4)];

/** The department endpoints answered by a fake server; `extra` answers first when it knows the path. */
export function serveDepts(extra: (url: string) => FakeReply | undefined = () => undefined) {
  const adapter = fakeAdapter((c) => {
    const url = c.url ?? '';
    const own = extra(url);
    if (own) return own;
    if (url === '/dept/treeList/0') return ok(TREE);
    if (url === '/dept/getListDept') return ok(DEPTS);
    if (url === '/dept/save') return ok({ id: 9 });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}

export const bodies = (adapter: ReturnType<typeof serveDepts>, url: string) =>
  adapter.calls.filter((c) => c.url === url).map((c) => (typeof c.data === 'string' ? JSON.parse(c.data) : c.data));
