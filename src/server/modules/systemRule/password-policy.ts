import type { Kysely } from 'kysely';
import type { SystemRules } from '@shared/api/systemRule';
import type { AppConfig } from '../../config';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { loadRules } from './rules';

/**
 * Passwords everybody tries first (lower-cased). Sequences, repeats and keyboard rows are caught by
 * the patterns below as well, so this list holds what those miss.
 */
const WEAK = new Set([
  'password', 'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'admin123', 'admin1234', 'admin@123',
  'administrator', 'root1234', 'root@123', 'welcome1', 'welcome123', 'letmein1', 'iloveyou', 'iloveyou1', 'qwerty123', 'qwer1234',
  'abc12345', 'abcd1234', 'abc123456', 'a1234567', 'a12345678', 'aa123456', 'aa12345678', 'test1234', 'test@123', 'changeme',
  'woaini1314', 'woaini520', '5201314520', 'huang123', 'zhang123', 'wang1234', 'li123456', 'qq123456', 'asd12345', 'zxc12345',
  'q1w2e3r4', '1q2w3e4r', '1qaz2wsx', 'zaq12wsx', '1qaz@wsx', 'qazwsx123', 'trustno1', 'sunshine', 'football', 'baseball',
  'monkey12', 'dragon12', 'master12', 'superman', 'princess', 'computer', 'internet', 'asdfghjkl', 'qwertyuiop', 'zxcvbnm1',
]);
const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890', 'abcdefghijklmnopqrstuvwxyz'];

/** Lower case, upper case, digits, anything else. */
export function characterClasses(password: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
}

/** One repeated character, or a run along the alphabet, the digits or a keyboard row (either way). */
function trivial(lower: string): boolean {
  if (/^(.)\1*$/u.test(lower)) return true;
  if (/^(.{1,4})\1+$/u.test(lower)) return true;
  return ROWS.some((row) => row.includes(lower) || [...row].reverse().join('').includes(lower));
}

export function isWeakPassword(password: string): boolean {
  const lower = password.toLowerCase();
  // A common password with a year or a few digits stuck on is still a common password.
  const stem = lower.replace(/[0-9!@#$.]+$/, '');
  return WEAK.has(lower) || (stem.length >= 4 && WEAK.has(stem)) || trivial(lower) || (stem.length >= 4 && trivial(stem));
}

/** The first thing wrong with `password` for `username` under the plant's policy, in Chinese; null when it is fine. */
export function passwordProblem(rules: Pick<SystemRules, 'passwordMinLength' | 'passwordMinClasses' | 'passwordForbidUsername' | 'passwordForbidWeak'>,
  username: string, password: string): string | null {
  if (password.trim() === '') return '密码不能全是空格';
  if (password !== password.trim()) return '密码首尾不能有空格';
  if ([...password].length < rules.passwordMinLength) return `密码至少 ${rules.passwordMinLength} 位`;
  if (characterClasses(password) < rules.passwordMinClasses) {
    return `密码须包含小写字母、大写字母、数字、其他字符中的至少 ${rules.passwordMinClasses} 类`;
  }
  const name = username.trim().toLowerCase();
  if (rules.passwordForbidUsername && name.length >= 2 && password.toLowerCase().includes(name)) return '密码不能包含用户名';
  if (rules.passwordForbidWeak && isWeakPassword(password)) return '密码过于常见或简单，请换一个';
  return null;
}

/** Refuses a password the plant's policy does not allow (BusinessError naming why). */
export async function assertPasswordAllowed(db: Kysely<DB>, config: Pick<AppConfig, 'accessTokenTtl' | 'refreshTokenTtl'>,
  username: string, password: string): Promise<void> {
  const problem = passwordProblem(await loadRules(db, config), username, password);
  if (problem) throw new BusinessError(problem);
}
