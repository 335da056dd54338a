import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@shared/api/auth';
import { visibleMenu } from './menuFilter';

const item = (menuNo: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id: 1, menuName: menuNo, menuNo, menuIcon: null, menuUrl: null, menuLink: null, target: null, hidden: 0,
  menuColor: null, parentNo: null, sort: 0, buttonList: [], children: [], ...extra,
});
const implemented = (url: string) => ['/main/home', '/Setting/user'].includes(url);
const names = (items: MenuItem[]): unknown => items.map((i) => (i.children.length ? { [i.menuNo]: names(i.children) } : i.menuNo));

describe('the menu built from the server list', () => {
  it('drops hidden items, items with no children and no url or link, screens not built yet and emptied parents', () => {
    const list = [
      item('home', { menuUrl: '/main/home' }),
      item('message', { menuUrl: '/main/message' }),
      item('empty'),
      item('product', { children: [item('product.product', { menuUrl: '/product/product' })] }),
      item('setting', {
        children: [
          item('setting.user', { menuUrl: '/Setting/user' }),
          item('setting.AddUser', { menuUrl: '/Setting/user', hidden: 1 }),
          item('setting.nothing'),
        ],
      }),
      item('docs', { menuLink: 'https://example.com/help', target: '_blank' }),
    ];
    expect(names(visibleMenu(list, implemented))).toEqual(['home', { setting: ['setting.user'] }, 'docs']);
  });

  it('drops a hidden parent with everything under it', () => {
    expect(visibleMenu([item('setting', { hidden: 1, children: [item('setting.user', { menuUrl: '/Setting/user' })] })], implemented)).toEqual([]);
  });

  it('is empty without a menu list', () => {
    expect(visibleMenu(null, implemented)).toEqual([]);
  });
});
