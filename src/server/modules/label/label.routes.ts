import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LABEL, LABEL_PRINT_KEYS, type LabelTemplate } from '@shared/api/label';
import { BusinessError, ForbiddenError, UnauthorizedError } from '../../lib/errors';
import { route } from '../../lib/endpoint';
import { loadAccess } from '../auth';
import { scanRecorded } from '../cylinder';
import { cylinderData } from '../dataSource';
import { settingInfo } from '../setting';

/** The caller holds 标签设置 or the key of a station that prints labels (LABEL_PRINT_KEYS). */
async function requirePrintKey(request: FastifyRequest): Promise<void> {
  const auth = request.auth;
  if (!auth) throw new UnauthorizedError();
  for (const key of LABEL_PRINT_KEYS) {
    if ((await loadAccess(request.server.db, auth.userId, auth.sessionId, key))?.allowed) return;
  }
  throw new ForbiddenError(LABEL_PRINT_KEYS.join(' / '));
}

/** The address the caller reached this server at (a label's QR when 企业信息 names no public address). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** What printing a label needs (src/shared/api/label.ts): the template and the cylinder's data. */
export const labelRoutes: FastifyPluginAsync = async (app) => {
  const blobs = app.blobs;
  route(app, LABEL.template, async (request): Promise<LabelTemplate> => {
    await requirePrintKey(request);
    const s = await settingInfo(app.db, 'LABEL', request.params.id);
    if (s.kind !== 'LABEL') throw new BusinessError(`标签设置不存在：${request.params.id}`);
    return { id: s.id, name: s.name, version: s.version, enabled: s.enabled, dataSource: s.dataSource, content: s.content };
  });
  route(app, LABEL.cylinderData, async (request) => {
    await requirePrintKey(request);
    const { code, scanId } = request.body;
    const [data, recorded] = await Promise.all([cylinderData(app.db, blobs, code, originOf(request)), scanId ? scanRecorded(app.db, scanId) : null]);
    return recorded === null ? data : { ...data, scanRecorded: recorded };
  });
};
