import { serverModule } from '../module';
import { auditRoutes } from './audit.routes';

/**
 * 客户盘点 (issue 37): a blind count at a customer's site and its reconciliation against the holdings; owns audits,
 * audit_codes, audit_lines and audit_misses. Cylinders move only through the cylinder module's 盘点发现.
 */
export const module = serverModule('audit', auditRoutes);
