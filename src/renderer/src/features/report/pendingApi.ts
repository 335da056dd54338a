import { Type } from '@sinclair/typebox';
import { endpoint } from '@shared/api/endpoint';

/** Stand-ins until the server's declarations of these calls land in src/shared. */
export const PRINT_REPORT = endpoint({
  method: 'POST', path: '/api/report/printReprot', summary: '打印报表', permission: 'authenticated', kind: 'download',
  body: Type.Object({
    reportKey: Type.String(), orderId: Type.Optional(Type.Integer()), lotNo: Type.Optional(Type.String()), code: Type.Optional(Type.String()),
  }),
});

export const OFFICE_CONFIG = endpoint({
  method: 'GET', path: '/api/only/office/config', summary: '在线编辑配置', permission: 'authenticated',
  query: Type.Object({ documentId: Type.Integer(), versionId: Type.String(), isEdit: Type.Integer() }),
  data: Type.Unknown(),
});
export const OFFICE_HOST = endpoint({ method: 'GET', path: '/api/only/office/getHost', summary: '文档服务地址', permission: 'authenticated', data: Type.Unknown() });

/** 记录建模: a field of the plant's own added to a data source (contentName/contentKey), and its removal. */
export const SAVE_DATA_FIELD = endpoint({
  method: 'POST', path: '/api/dataSource/saveDataSource', summary: '新增数据源字段', permission: 'modeling:save',
  body: Type.Object({ dataSource: Type.String(), contentName: Type.String(), contentKey: Type.String(), type: Type.String() }),
  data: Type.Unknown(),
});
export const DELETE_DATA_FIELD = endpoint({
  method: 'POST', path: '/api/dataSource/delType', summary: '删除本厂字段', permission: 'modeling:save',
  body: Type.Object({ id: Type.Integer() }), data: Type.Unknown(),
});
