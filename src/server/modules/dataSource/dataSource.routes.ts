import type { FastifyPluginAsync } from 'fastify';
import { DATA_SOURCE } from '@shared/api/dataSource';
import { DATA_SOURCES } from '@shared/dataSources';
import { route } from '../../lib/endpoint';
import { ownFields } from './own-fields';

/** Data sources of documents and labels (src/shared/api/dataSource.ts). */
export const dataSourceRoutes: FastifyPluginAsync = async (app) => {
  route(app, DATA_SOURCE.content, async (request) => {
    const source = DATA_SOURCES[request.body.dataSource];
    const own = await ownFields(app.db, source.kind);
    return {
      kind: source.kind, name: source.name, subject: source.subject,
      fields: [
        ...source.fields.map((f) => ({ ...f, fields: f.fields ? [...f.fields] : undefined })),
        ...own.map((f) => ({ id: f.id, contentKey: f.contentKey, contentName: f.contentName, type: f.type })),
      ],
    };
  });
};
