import { Type } from '@sinclair/typebox';
import { endpoint } from './endpoint';

/** GET /api/area/getAreaInfoAllList: GB/T 2260 divisions as a tree province → city → district. */
export interface AreaNode {
  code: string;
  name: string;
  children?: AreaNode[];
}

/** The province/city/district picker's data (any signed-in user). Typed but not serialized through a schema: ~3,600 static nodes. */
export const AREA = {
  tree: endpoint({
    method: 'GET', path: '/api/area/getAreaInfoAllList', summary: '省市区（GB/T 2260）', permission: 'authenticated',
    data: Type.Unsafe<AreaNode[]>({ type: 'array' }),
  }),
};
