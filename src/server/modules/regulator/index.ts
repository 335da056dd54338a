import { serverModule } from '../module';
import { regulatorRoutes } from './regulator.routes';

export { settleRegulator } from './regulator.routes';

/** 监管平台对接 (issue 36, docs/REGULATOR.md): connections to the regulator's platform, code tables, the board of records. */
export const module = serverModule('regulator', regulatorRoutes);
