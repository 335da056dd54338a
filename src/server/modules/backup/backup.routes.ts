import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from '../module';

/** The backup screen's status and its 立即备份 (src/shared/api/backup.ts). */
export const backupRoutes: FastifyPluginAsync<ModuleOptions> = async () => {};
