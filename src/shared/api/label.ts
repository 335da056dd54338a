import { Type, type Static } from '@sinclair/typebox';
import type { PermissionKey } from '../menus';
import { endpoint } from './endpoint';
import { ScanId } from './production';
import { Code, Id } from './schema';
import { LabelContent } from './setting';

/**
 * What printing a label needs besides the printer: the template (a LABEL setting's content) and the data of
 * the cylinder it is for. The stations print after a step and the designer previews with them; both are
 * readable by the holders of a station's key, who need not hold 标签设置 (label:view). The route checks that
 * the caller holds one of LABEL_PRINT_KEYS.
 */
export const LABEL_PRINT_KEYS: readonly PermissionKey[] = ['label:view', 'produce:filling', 'inspect:test', 'produce:metage', 'inbound:add'];

export const LabelTemplate = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  version: Type.Integer(),
  enabled: Type.Integer(),
  dataSource: Type.String(),
  content: LabelContent,
});
export type LabelTemplate = Static<typeof LabelTemplate>;

/**
 * With `scanId` (a scan a station kept while the server was away, and printed a plain label for) the answer
 * also says whether that scan is recorded (`scanRecorded`): the designed label is printed only then.
 */
export const LabelCylinderBody = Type.Object({ code: Code('气瓶编码', 64), scanId: ScanId });

export const LABEL = {
  template: endpoint({
    method: 'GET', path: '/api/label/template/:id', summary: '打印用的标签模板（工位打印、标签设计预览）', permission: 'authenticated',
    params: Type.Object({ id: Id('标签模板') }), data: LabelTemplate,
  }),
  cylinderData: endpoint({
    method: 'POST', path: '/api/label/cylinderData', summary: '气瓶标签的数据（含二维码网址；带 scanId 时另答该次扫描是否已记录）', permission: 'authenticated', readOnly: true,
    body: LabelCylinderBody, data: Type.Unknown(),
  }),
};
