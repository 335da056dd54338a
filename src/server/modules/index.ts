import type { ServerModule } from './module';
import { module as apiKey } from './apiKey';
import { module as area } from './area';
import { module as audit } from './audit';
import { module as auth } from './auth';
import { module as backup } from './backup';
import { module as company } from './company';
import { module as dashboard } from './dashboard';
import { module as dataSource } from './dataSource';
import { module as cylinder } from './cylinder';
import { module as dept } from './dept';
import { module as dictionary } from './dictionary';
import { module as enterprise } from './enterprise';
import { module as household } from './household';
import { module as enumeration } from './enum';
import { module as file } from './file';
import { module as label } from './label';
import { module as inspectionItem } from './inspectionItem';
import { module as integration } from './integration';
import { module as log } from './log';
import { module as material } from './material';
import { module as menu } from './menu';
import { module as message } from './message';
import { module as offline } from './offline';
import { module as periodicInspection } from './periodicInspection';
import { module as portal } from './portal';
import { module as product } from './product';
import { module as qrPage } from './qrPage';
import { module as quality } from './quality';
import { module as regulator } from './regulator';
import { module as report } from './report';
import { module as role } from './role';
import { module as setting } from './setting';
import { module as storage } from './storage';
import { module as suspension } from './suspension';
import { module as systemRule } from './systemRule';
import { module as transport } from './transport';
import { module as rental } from './rental';
import { module as trip } from './trip';
import { module as user } from './user';
import { module as warehouse } from './warehouse';
import { module as webhook } from './webhook';

/** Every server module, in the order the app registers their routes: the one list a new module joins. */
export const SERVER_MODULES: readonly ServerModule[] = [
  auth, user, role, dept, menu, company, dictionary, systemRule, log, file,
  enumeration, area, material, warehouse, transport, enterprise, product, periodicInspection, inspectionItem, cylinder, storage, trip, quality,
  dashboard,
  message,
  setting, dataSource, report, backup, apiKey,
  label, qrPage,
  offline,
  suspension,
  integration,
  webhook,
  regulator,
  audit,
  household,
  rental,
  portal,
];

export type { ModuleOptions, ServerModule } from './module';
