import type { RoleOption, UserDetail, UserRow } from '@shared/api/user';
import { DEPTS } from '@renderer/features/dept/testData';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';

export { bodies } from '@renderer/features/dept/testData';

const user = (row: Partial<UserRow> & Pick<UserRow, 'id' | 'username' | 'name'>): UserRow => ({
  phone: null, deptId: null, deptName: null, status: 1, roleNames: [], locked: false, mustChangePassword: false, createdAt: '2025-01-01T00:00:00Z', ...row,
});

export const USERS: UserRow[] = [
  user({ id: 1, username: 'admin', name: '管理员', roleNames: ['超级管理员'], deptId: 1, deptName: '总部', phone: '13800000001' }),
  user({ id: 2, username: 'viewer', name: '查看员', deptId: 3, deptName: '充装班', phone: '0571-2222', locked: true }),
  user({ id: 3, username: 'retired', name: '退休员', status: 0 }),
];

export const ROLES: RoleOption[] = [
  { id: 1, roleName: '超级管理员', roleCode: 'admin' },
  { id: 5, roleName: '充装工', roleCode: 'filler' },
];

export const VIEWER: UserDetail = {
  ...USERS[1]!, roleIds: [5], roleNames: ['充装工'], locks: [{ ip: '10.0.0.8', lockedUntil: '2030-01-01T00:00:00Z', failures: 0 }],
};

/** The user, department and role endpoints answered by a fake server; `extra` answers first when it knows the path. */
export function serveUsers(extra: (url: string) => FakeReply | undefined = () => undefined) {
  const adapter = fakeAdapter((c) => {
    const url = c.url ?? '';
    const own = extra(url);
    if (own) return own;
    if (url === '/user/pageList') return ok({ list: USERS, total: USERS.length });
    if (url === '/user/detail/2') return ok(VIEWER);
    if (url === '/dept/getListDept') return ok(DEPTS);
    if (url === '/role/dropDown') return ok(ROLES);
    if (url === '/user/save') return ok({ id: 10 });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
