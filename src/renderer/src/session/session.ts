import type { MenuItem, TokenData, UserInfo } from '@shared/api/auth';
import { clearAll, getItem, removeItem, setItem, STORAGE_KEYS } from './browserStorage';

/** Tokens as kept in storage under TOKEN; the expiries are absolute epoch milliseconds. */
export interface StoredTokens {
  token: string;
  refreshToken: string;
  expiresAt: number;
  refreshExpiresAt: number;
}

type Listener = () => void;
const clearedListeners = new Set<Listener>();

/** Lets the store follow a session the HTTP client ended (401, failed refresh). */
export function onSessionCleared(listener: Listener): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

export const getUser = (): UserInfo | null => getItem<UserInfo>(STORAGE_KEYS.USER_INFO);

export function setUser(user: UserInfo & { portal?: TokenData['portal'] }): void {
  setItem(STORAGE_KEYS.USER_INFO, user);
  setItem(STORAGE_KEYS.USER_ID, user.id);
}

export function clearUserInfo(): void {
  removeItem(STORAGE_KEYS.USER_INFO);
  removeItem(STORAGE_KEYS.USER_ID);
}

export const getTokens = (): StoredTokens | null => getItem<StoredTokens>(STORAGE_KEYS.TOKEN);

export function setTokens(data: Pick<TokenData, 'token' | 'refreshToken' | 'expiresIn' | 'refreshExpiresIn'>): StoredTokens {
  const now = Date.now();
  const tokens: StoredTokens = {
    token: data.token,
    refreshToken: data.refreshToken,
    expiresAt: now + data.expiresIn * 1000,
    refreshExpiresAt: now + data.refreshExpiresIn * 1000,
  };
  setItem(STORAGE_KEYS.TOKEN, tokens);
  return tokens;
}

/** Stores what a sign-in (or a refresh) answered; a portal account's enterprise rides with the user info. */
export function storeSignIn(data: TokenData): void {
  setTokens(data);
  setUser(data.portal ? { ...data.user, portal: data.portal } : data.user);
}

/** The customer enterprise of a signed-in portal account (门户账号), or null for the plant's users and nobody signed in. */
export function getPortal(): NonNullable<TokenData['portal']> | null {
  return getItem<UserInfo & { portal?: TokenData['portal'] }>(STORAGE_KEYS.USER_INFO)?.portal ?? null;
}

export const getPermissions = (): string[] => getItem<string[]>(STORAGE_KEYS.SET_USER_PROMISE_KEY) ?? [];
export const setPermissions = (keys: string[]): void => setItem(STORAGE_KEYS.SET_USER_PROMISE_KEY, keys);
export const getMenuList = (): MenuItem[] | null => getItem<MenuItem[]>(STORAGE_KEYS.SET_USER_MENU_LIST_KEY);
export const setMenuList = (menus: MenuItem[]): void => setItem(STORAGE_KEYS.SET_USER_MENU_LIST_KEY, menus);

/** Logout: user info, tokens, permissions, menus and open tabs go. */
export function clearSession(): void {
  clearUserInfo();
  removeItem(STORAGE_KEYS.TOKEN);
  removeItem(STORAGE_KEYS.SET_USER_PROMISE_KEY);
  removeItem(STORAGE_KEYS.SET_USER_MENU_LIST_KEY);
  removeItem(STORAGE_KEYS.BREADCRUMB);
  clearedListeners.forEach((l) => l());
}

/** The session is gone (refresh impossible): every stored key goes. */
export function clearStorage(): void {
  clearAll();
  clearedListeners.forEach((l) => l());
}
