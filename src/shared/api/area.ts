/** GET /api/area/getAreaInfoAllList: GB/T 2260 divisions as a tree province → city → district. */
export interface AreaNode {
  code: string;
  name: string;
  children?: AreaNode[];
}
