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
