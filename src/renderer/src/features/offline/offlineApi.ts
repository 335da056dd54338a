import { Type } from '@sinclair/typebox';
import { endpoint } from '@shared/api/endpoint';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

const Text = Type.Union([Type.String(), Type.Null()]);

/** A replayed scan the server refused (待处理异常). */
export const OfflineExceptionRow = Type.Object({
  id: Type.Integer(), station: Type.String(), code: Type.String(), scanId: Type.String(), message: Type.String(),
  stationAt: Text, operator: Text, workstation: Text, createdAt: Type.String(),
  status: Type.Optional(Type.String()), action: Type.Optional(Text), reason: Type.Optional(Text),
});

export const WorkstationQueueRow = Type.Object({
  workstation: Type.String(), waiting: Type.Integer(), oldestAt: Text, reportedAt: Type.String(), userName: Type.Optional(Text),
});

/**
 * The server half's calls (issue "offline stations"), as this feature calls them.
 * TODO(offline-server): replace with the descriptors of src/shared/api/offline.ts once they land.
 */
export const OFFLINE = {
  exceptionListPage: endpoint({
    method: 'POST', path: '/api/offline/exception/listPage', summary: '待处理异常', permission: 'authenticated', readOnly: true,
    body: Type.Object({ page: Type.Optional(Type.Integer()), size: Type.Optional(Type.Integer()), status: Type.Optional(Type.String()), workstation: Type.Optional(Type.String()) }),
    data: Type.Object({ list: Type.Array(OfflineExceptionRow), total: Type.Integer() }),
  }),
  exceptionResolve: endpoint({
    method: 'POST', path: '/api/offline/exception/resolve', summary: '处理待处理异常', permission: 'authenticated',
    body: Type.Object({ id: Type.Integer(), action: Type.Union([Type.Literal('rescan'), Type.Literal('rollback'), Type.Literal('scrap'), Type.Literal('dismiss')]), reason: Type.String() }),
  }),
  queues: endpoint({
    method: 'GET', path: '/api/offline/queues', summary: '各工作站的离线暂存', permission: 'authenticated',
    data: Type.Array(WorkstationQueueRow),
  }),
} as const;

export const offlineApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Silent: the header shows the count, or nothing when the server is away. */
    offlineExceptions: queryOf(b, OFFLINE.exceptionListPage, { tags: ['OfflineException'], silent: true }),
    resolveOfflineException: mutationOf(b, OFFLINE.exceptionResolve, { tags: ['OfflineException', 'Product', 'StatusCount', 'Trace'] }),
    workstationQueues: queryOf(b, OFFLINE.queues, { tags: ['OfflineQueue'] }),
  }),
});
