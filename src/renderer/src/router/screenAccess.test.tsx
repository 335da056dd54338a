import { afterEach, describe, expect, it } from 'vitest';
import { AREA } from '@shared/api/area';
import { ENTERPRISE } from '@shared/api/enterprise';
import { ENUM } from '@shared/api/enum';
import { MATERIAL } from '@shared/api/material';
import { WAREHOUSE } from '@shared/api/warehouse';
import { screen, waitFor } from '@testing-library/react';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderApp, storeSession } from '@renderer/test/renderApp';

afterEach(() => http.setAdapter(undefined));
const SCREEN_LOAD = { timeout: 15_000 };
// Lists answer empty pages; the lookups every screen asks for (enumerations, the area tree, gases, warehouses,
// enterprises) answer empty arrays, as their contract says: a page answered to an enumeration broke the screen whenever
// the answer arrived before the test ended (it did when the modules were already loaded).
const ARRAYS = [ENUM.dropDown, AREA.tree, MATERIAL.dropDown, WAREHOUSE.options, ENTERPRISE.list]
  .map((e) => new RegExp(`^${e.path.replace(/^\/api/, '').replace(/:[a-zA-Z]+/g, '[^/?]+')}(\\?|$)`));
const serve = () => http.setAdapter(fakeAdapter((c) => ok(ARRAYS.some((r) => r.test(c.url ?? '')) ? [] : { list: [], total: 0 })));
const tabNames = () => screen.getAllByRole('tab').map((t) => t.getAttribute('aria-label'));

describe('which screens a user may open', { timeout: 30_000 }, () => {
  it('a screen the user may not open goes to 403 and gets no tab (设备设置 needs machine:view)', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'warehouse:view'] }, '仓管');
    serve();
    const { router } = renderApp('/Setting/machine');
    expect(await screen.findByText('抱歉，您无权访问该页面', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
    await router.navigate('/storage/warehouse');
    await waitFor(() => expect(tabNames()).toContain('仓库管理'));
    expect(tabNames()).not.toContain('设备设置');
  });

  it("the create form's tab says 新增企业, the edit form's 编辑企业", async () => {
    storeSession();
    serve();
    const { router } = renderApp('/Setting/addEnter?type=2');
    await waitFor(() => expect(tabNames()).toContain('新增企业'), SCREEN_LOAD);
    await router.navigate('/Setting/addEnter?id=5');
    await waitFor(() => expect(tabNames()).toContain('编辑企业'));
    expect(tabNames()).not.toContain('新增企业');
  });
});
