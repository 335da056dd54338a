import type { FastifyPluginAsync } from 'fastify';
import { DATA_SOURCE } from '@shared/api/dataSource';
import { DATA_SOURCES } from '@shared/dataSources';
import { route } from '../../lib/endpoint';

/** Data sources of documents and labels (src/shared/api/dataSource.ts). */
export const dataSourceRoutes: FastifyPluginAsync = async (app) => {
  route(app, DATA_SOURCE.content, async (request) => {
    const source = DATA_SOURCES[request.body.dataSource];
    return { kind: source.kind, name: source.name, subject: source.subject, fields: source.fields.map((f) => ({ ...f, fields: f.fields ? [...f.fields] : undefined })) };
  });
};
