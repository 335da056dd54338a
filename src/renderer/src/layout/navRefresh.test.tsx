import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderApp, storeSession } from '@renderer/test/renderApp';

afterEach(() => http.setAdapter(undefined));

describe('the navigation follows role changes', () => {
  it('a screen an administrator took away leaves the menu at the next navigation and the open screen goes to 403', async () => {
    // Signed in with 介质管理; meanwhile the role lost it (the server's navigation no longer has it).
    storeSession();
    const reduced = adminNav();
    const products = reduced.menuList.find((m) => m.menuNo === 'product')!;
    products.children = products.children.filter((c) => c.menuNo !== 'product.materialMng');
    reduced.promise = reduced.promise.filter((k) => !k.startsWith('material:'));
    const adapter = fakeAdapter((c) => (c.url === '/home/nav/0' ? ok(reduced) : c.url === '/material/listPage' ? ok({ list: [], total: 0 }) : ok(null)));
    http.setAdapter(adapter);

    const { router } = renderApp('/product/materialMng');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'), { timeout: 10_000 });
    expect(adapter.calls.filter((c) => c.url === '/home/nav/0')).toHaveLength(1);
    const nav = screen.getByRole('navigation', { name: '主菜单' });
    expect(within(nav).queryByText('介质管理')).not.toBeInTheDocument();
  });
});
