import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderApp, storeSession } from '@renderer/test/renderApp';
import { LANGUAGE_STORAGE_KEY, menuLabel, storedLanguage, translate } from './i18n';
import { registeredKeys } from './dictionaries';

describe('i18n', () => {
  it('defaults to Chinese and covers every key in English', () => {
    expect(storedLanguage()).toBe('zh-CN');
    expect(registeredKeys('en').sort()).toEqual(registeredKeys('zh-CN').sort());
    expect(translate('zh-CN', 'http.serviceError', { url: '/x' })).toBe('/x 服务异常！！');
    expect(translate('en', 'login.submit')).toBe('Sign in');
  });

  it('names menus in English by menuNo', () => {
    expect(menuLabel({ menuNo: 'setting.user', menuName: '用户管理' }, 'en')).toBe('Users');
    expect(menuLabel({ menuNo: 'setting.user', menuName: '用户管理' }, 'zh-CN')).toBe('用户管理');
    expect(menuLabel({ menuNo: 'custom', menuName: '自定义' }, 'en')).toBe('自定义');
  });

  it('switches the shell to English from the header and remembers the choice', async () => {
    storeSession();
    http.setAdapter(fakeAdapter(() => ok(null)));
    renderApp('/main/home');
    const nav = await screen.findByRole('navigation', { name: '主菜单' });
    expect(within(nav).getByText('系统设置')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '切换语言' }));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toHaveTextContent('Settings');
    expect(screen.getByRole('tablist', { name: 'Open pages' })).toHaveTextContent('Home');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    http.setAdapter(undefined);
  });
});
