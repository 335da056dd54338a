import type { FastifyPluginAsync } from 'fastify';
import { DICTIONARY } from '@shared/api/dictionary';
import { route } from '../../lib/endpoint';
import * as dictionary from './dictionary.service';

/** DICTIONARY routes (src/shared/api/dictionary.ts); screen /Setting/dictionary. */
export const dictionaryRoutes: FastifyPluginAsync = async (app) => {
  route(app, DICTIONARY.entries, async (request) => dictionary.enabledEntries(app.db, request.params.type));
  route(app, DICTIONARY.typePage, async (request) => dictionary.pageTypes(app.db, request.query));
  route(app, DICTIONARY.entryPage, async (request) => dictionary.pageEntries(app.db, request.query));
  route(app, DICTIONARY.save, async (request) => ({ id: await dictionary.saveDictionary(app.db, request.body) }));
  route(app, DICTIONARY.delete, async (request) => {
    await dictionary.deleteDictionary(app.db, request.body);
    return null;
  });
};
