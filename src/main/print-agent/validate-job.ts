import { Value } from '@sinclair/typebox/value';
import { LabelJob } from '../../shared/devices';

/** The wire job checked against the SPEC section 3 schema; the first problem becomes the 400 reason. */
export type JobCheck = { ok: true; job: LabelJob } | { ok: false; reason: string };

export function checkLabelJob(body: unknown): JobCheck {
  if (Value.Check(LabelJob, body)) return { ok: true, job: body };
  const first = Value.Errors(LabelJob, body).First();
  const where = first?.path || '/';
  return { ok: false, reason: `打印任务格式错误：${where} ${first?.message ?? ''}`.trim() };
}
