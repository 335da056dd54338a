import { describe, expect, it } from 'vitest';
import { guardRedirect, WHITELIST } from './guard';

describe('the navigation guard', () => {
  it('sends a signed-in user away from login to /', () => {
    expect(guardRedirect('/login', '', true)).toBe('/');
  });

  it('lets a visitor without user info open login and the error pages', () => {
    for (const path of WHITELIST) expect(guardRedirect(path, '', false)).toBeNull();
    expect(WHITELIST).toEqual(['/login', '/connect', '/401', '/403', '/404', '/500', '/502']);
  });

  it('sends a visitor without user info to /login, remembering where they were going', () => {
    expect(guardRedirect('/main/home', '', false)).toBe('/login');
    expect(guardRedirect('/Setting/user', '?page=2', false)).toBe('/login?redirect=%2FSetting%2Fuser%3Fpage%3D2');
  });

  it('lets a signed-in user through', () => {
    expect(guardRedirect('/Setting/user', '', true)).toBeNull();
  });
});
