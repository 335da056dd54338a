import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAll, DEFAULT_LIFETIME_MS, EXPIRY_SUFFIX, getItem, READ_EXTENSION_MS, READ_EXTENSION_STEP_MS, setItem, STORAGE_KEYS } from './browserStorage';
import { clearSession, clearUserInfo, getMenuList, getPermissions, getTokens, getUser, setMenuList, setPermissions, storeSignIn } from './session';

const T0 = new Date('2025-03-01T08:00:00Z').getTime();
const HOUR = 3_600_000;

afterEach(() => vi.useRealTimers());

describe('session storage with deadlines', () => {
  it('uses exactly the SPEC storage keys', () => {
    expect(Object.values(STORAGE_KEYS)).toEqual([
      'USER_INFO', 'USER_ID', 'TOKEN', 'SET_USER_PROMISE_KEY', 'SET_USER_MENU_LIST_KEY', 'BREADCRUMB',
      'CONNECT_HISTORY', 'MATERIAL_WEIGHING', 'HISTORY_ACC', 'FILLINGUSER', 'TESTUSER', 'METAGEUSER',
    ]);
  });

  it('keeps the value as JSON in sessionStorage with a 30 h deadline beside it', () => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    setItem(STORAGE_KEYS.USER_INFO, { id: 1, name: '管理员' });
    expect(JSON.parse(sessionStorage.getItem('USER_INFO')!)).toEqual({ id: 1, name: '管理员' });
    expect(Number(sessionStorage.getItem(`USER_INFO${EXPIRY_SUFFIX}`))).toBe(T0 + 30 * HOUR);
    expect(DEFAULT_LIFETIME_MS).toBe(30 * HOUR);
  });

  it('reads a live value and extends its deadline by 300 h', () => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    setItem(STORAGE_KEYS.HISTORY_ACC, [1, 2]);
    vi.setSystemTime(T0 + 29 * HOUR);
    expect(getItem(STORAGE_KEYS.HISTORY_ACC)).toEqual([1, 2]);
    expect(READ_EXTENSION_MS).toBe(1_080_000_000);
    expect(Number(sessionStorage.getItem(`HISTORY_ACC${EXPIRY_SUFFIX}`))).toBe(T0 + 29 * HOUR + READ_EXTENSION_MS);
    // Past the original 30 h the value is still there thanks to the extension.
    vi.setSystemTime(T0 + 31 * HOUR);
    expect(getItem(STORAGE_KEYS.HISTORY_ACC)).toEqual([1, 2]);
  });

  it('writes the pushed deadline only when it moves by more than a minute', () => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    setItem(STORAGE_KEYS.HISTORY_ACC, [1]);
    expect(getItem(STORAGE_KEYS.HISTORY_ACC)).toEqual([1]);
    const deadline = () => Number(sessionStorage.getItem(`HISTORY_ACC${EXPIRY_SUFFIX}`));
    expect(deadline()).toBe(T0 + READ_EXTENSION_MS);
    vi.setSystemTime(T0 + READ_EXTENSION_STEP_MS);
    expect(getItem(STORAGE_KEYS.HISTORY_ACC)).toEqual([1]);
    expect(deadline()).toBe(T0 + READ_EXTENSION_MS);
    vi.setSystemTime(T0 + READ_EXTENSION_STEP_MS + 1);
    expect(getItem(STORAGE_KEYS.HISTORY_ACC)).toEqual([1]);
    expect(deadline()).toBe(T0 + READ_EXTENSION_STEP_MS + 1 + READ_EXTENSION_MS);
  });

  it('an expired value reads as absent and is removed', () => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    setItem(STORAGE_KEYS.TESTUSER, 'x');
    vi.setSystemTime(T0 + 30 * HOUR + 1);
    expect(getItem(STORAGE_KEYS.TESTUSER)).toBeNull();
    expect(sessionStorage.getItem('TESTUSER')).toBeNull();
    expect(sessionStorage.getItem(`TESTUSER${EXPIRY_SUFFIX}`)).toBeNull();
  });

  it('clearAll removes every key and deadline', () => {
    setItem(STORAGE_KEYS.FILLINGUSER, 1);
    setItem(STORAGE_KEYS.METAGEUSER, 2);
    clearAll();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('the session', () => {
  const signIn = () =>
    storeSignIn({ token: 'a', refreshToken: 'r', expiresIn: 900, refreshExpiresIn: 86_400, user: { id: 3, name: '张三' }, mustChangePassword: false });

  it('stores user, id and tokens with absolute expiries', () => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    signIn();
    expect(getUser()).toEqual({ id: 3, name: '张三' });
    expect(getItem(STORAGE_KEYS.USER_ID)).toBe(3);
    expect(getTokens()).toEqual({ token: 'a', refreshToken: 'r', expiresAt: T0 + 900_000, refreshExpiresAt: T0 + 86_400_000 });
  });

  it('clearUserInfo (visiting login) removes only the user info', () => {
    signIn();
    clearUserInfo();
    expect(getUser()).toBeNull();
    expect(getTokens()).not.toBeNull();
  });

  it('logout clears user info, tokens, permissions, menus and tabs', () => {
    signIn();
    setPermissions(['user:view']);
    setMenuList([]);
    setItem(STORAGE_KEYS.BREADCRUMB, []);
    clearSession();
    expect(getUser()).toBeNull();
    expect(getTokens()).toBeNull();
    expect(getPermissions()).toEqual([]);
    expect(getMenuList()).toBeNull();
    expect(sessionStorage.getItem('BREADCRUMB')).toBeNull();
  });
});
