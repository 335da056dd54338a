import type { FastifyPluginAsync } from 'fastify';
import { DEPT } from '@shared/api/user';
import { route } from '../../lib/endpoint';
import * as depts from './dept.service';

/** Departments (DEPT in src/shared/api/user.ts); screen /Setting/framework. */
export const deptRoutes: FastifyPluginAsync = async (app) => {
  route(app, DEPT.list, async () => depts.listDepts(app.db));
  route(app, DEPT.tree, async (request) => depts.deptTree(app.db, request.params.id));
  route(app, DEPT.save, async (request) => ({ id: await depts.createDept(app.db, request.body) }));
  route(app, DEPT.edit, async (request) => {
    await depts.editDept(app.db, request.body);
    return null;
  });
  route(app, DEPT.delete, async (request) => {
    await depts.deleteDept(app.db, request.params.id);
    return null;
  });
};
