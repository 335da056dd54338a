import type { FastifyPluginAsync } from 'fastify';
import { DICTIONARY, type DictDeleteBody, type DictSaveBody } from '@shared/api/dictionary';
import type { SaveDataFieldBody } from '@shared/api/dataSource';
import { operatorOf, requirePermission } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { BusinessError } from '../../lib/errors';
import { deleteOwnField, pageOwnFields, saveOwnField } from '../dataSource';
import * as dictionary from './dictionary.service';

const isField = (body: DictSaveBody): body is SaveDataFieldBody => !('kind' in body);
const isFieldDelete = (body: DictDeleteBody) => body.kind === undefined || body.kind === 'field';

/**
 * DICTIONARY routes (src/shared/api/dictionary.ts); screen /Setting/dictionary. The same paths serve the data
 * sources' own fields of 记录建模: the routes declare 'authenticated' and each call checks its own key.
 */
export const dictionaryRoutes: FastifyPluginAsync = async (app) => {
  route(app, DICTIONARY.entries, async (request) => dictionary.enabledEntries(app.db, request.params.type));
  route(app, DICTIONARY.typePage, async (request) => dictionary.pageTypes(app.db, request.query));
  route(app, DICTIONARY.entryPage, async (request) => {
    const { dataSource, typeId } = request.query;
    if (dataSource !== undefined) {
      await requirePermission(request, 'modeling:view');
      return pageOwnFields(app.db, dataSource, request.query);
    }
    await requirePermission(request, 'dictionary:view');
    if (typeId === undefined) throw new BusinessError('参数错误：请指定字典类型');
    return dictionary.pageEntries(app.db, { ...request.query, typeId });
  });
  route(app, DICTIONARY.save, async (request) => {
    const body = request.body;
    if (isField(body)) {
      await requirePermission(request, 'modeling:save');
      return { id: await saveOwnField(app.db, body, operatorOf(request).operator) };
    }
    await requirePermission(request, 'dictionary:save');
    return { id: await dictionary.saveDictionary(app.db, body) };
  });
  route(app, DICTIONARY.delete, async (request) => {
    const body = request.body;
    if (isFieldDelete(body)) {
      await requirePermission(request, 'modeling:save');
      await deleteOwnField(app.db, body.id);
      return null;
    }
    await requirePermission(request, 'dictionary:delete');
    await dictionary.deleteDictionary(app.db, body as Extract<DictDeleteBody, { kind: 'type' | 'entry' }>);
    return null;
  });
};
