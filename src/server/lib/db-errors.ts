import pg from 'pg';
import { BusinessError } from './errors';

/** The value a unique violation names: pg's detail reads `Key (code)=(N2) already exists.` */
function duplicateValue(detail: string | undefined): string {
  return /\)=\((.*)\) already exists/.exec(detail ?? '')?.[1] ?? '';
}

/**
 * Turns a unique violation that slipped past the pre-check (two saves racing) into the same -1 message
 * the pre-check gives. `messages` maps constraint names to the message for the duplicated value.
 */
export async function mapUniqueViolation<T>(work: () => Promise<T>, messages: Record<string, (value: string) => string>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const e = error as { code?: string; constraint?: string; detail?: string };
    const message = e.code === '23505' && e.constraint ? messages[e.constraint] : undefined;
    if (message) throw new BusinessError(message(duplicateValue(e.detail)));
    throw error;
  }
}

/** SQLSTATE classes and codes a person can act on, with what to tell them. */
const BY_CODE: Record<string, (e: pg.DatabaseError) => string> = {
  '23505': (e) => `数据重复：${duplicateValue(e.detail) || '该记录'} 已存在`,
  '23503': () => '该数据已被其他记录引用，或引用的数据不存在，操作未执行',
  '23502': () => '参数错误：缺少必填内容',
  '23514': () => '参数错误：取值不符合要求',
  '40P01': () => '系统繁忙（与其他操作冲突），请重试',
  '40001': () => '系统繁忙（与其他操作冲突），请重试',
  '55P03': () => '数据正被其他操作占用，请稍后重试',
  '57014': () => '操作超时，请缩小查询范围后重试',
  '54000': () => '参数错误：内容过长',
};

/**
 * The message for a PostgreSQL error that reached the error handler, or undefined when it is none of
 * those a person can act on (then it is a fault: 500 with the request id). Data exceptions (class 22:
 * bad text, numbers or dates out of range) are input the schemas should have refused.
 */
export function postgresMessage(error: unknown): string | undefined {
  if (!(error instanceof pg.DatabaseError) || !error.code) return undefined;
  const known = BY_CODE[error.code];
  if (known) return known(error);
  if (error.code.startsWith('22')) return '参数错误：数据格式或取值范围无效';
  return undefined;
}

/** The answer to a request whose database connection broke or could not be made. */
export const DB_CONNECTION_LOST = '数据库连接中断，请稍后重试';

/** SQLSTATEs of a connection that ended or cannot be made now: class 08, shutdown (57P01/02), starting up (57P03), too many connections (53300). */
const CONNECTION_SQLSTATE = /^(08|57P0[123]$|53300$)/;
/** Node's socket errors for a server that is down, unreachable or dropped the connection. */
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);
/** pg's own errors for a connection that ended and a client that can no longer be used. */
const CONNECTION_MESSAGE = /^Connection terminated|is not queryable|timeout exceeded when trying to connect/;

/**
 * Whether `error` means the database connection broke or could not be made (rather than the database
 * refusing the statement): the request may succeed if retried once the database is back.
 */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_ERRORS.has(code) || (error instanceof pg.DatabaseError && CONNECTION_SQLSTATE.test(code)))) return true;
  return CONNECTION_MESSAGE.test(error.message);
}
