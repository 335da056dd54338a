import type { FastifyPluginAsync } from 'fastify';
import { DATA_SOURCE } from '@shared/api/dataSource';
import { DATA_SOURCES } from '@shared/dataSources';
import { route } from '../../lib/endpoint';
import { langOf } from '../../lib/lang';
import type { TextLang } from '@shared/lang';
import { operatorOf } from '../../lib/access';
import { ownFields, saveOwnContent } from './own-fields';
import type { DataSourceKind } from '@shared/dataSources';
import type { FastifyInstance } from 'fastify';

/** Data sources of documents and labels (src/shared/api/dataSource.ts). */
export const dataSourceRoutes: FastifyPluginAsync = async (app) => {
  route(app, DATA_SOURCE.content, async (request) => contentOf(app, request.body.dataSource, langOf(request)));
  route(app, DATA_SOURCE.saveContent, async (request) => {
    await saveOwnContent(app.db, request.body, operatorOf(request).operator);
    return contentOf(app, request.body.dataSource, langOf(request));
  });
};

/** The built-in fields of a data source, then the plant's own; the source named in the reader's language. */
async function contentOf(app: FastifyInstance, kind: DataSourceKind, lang: TextLang) {
  const source = DATA_SOURCES[kind];
  const own = await ownFields(app.db, source.kind);
  return {
    kind: source.kind, name: lang === 'en' ? source.nameEn : source.name, subject: lang === 'en' ? source.subjectEn : source.subject,
    fields: [
      ...source.fields.map((f) => ({ ...f, fields: f.fields ? [...f.fields] : undefined })),
      ...own.map((f) => ({ id: f.id, contentKey: f.contentKey, contentName: f.contentName, type: f.type })),
    ],
  };
}
