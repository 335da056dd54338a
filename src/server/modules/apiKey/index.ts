import { serverModule } from '../module';
import { apiKeyRoutes } from './apiKey.routes';

/** 接口密钥 (issue 35): service accounts' API keys, checked on every request that carries one (plugins/permissions.ts). */
export const module = serverModule('apiKey', apiKeyRoutes);
export { authenticateKey, looksLikeKey } from './apiKey.service';
export { pgRateStore } from './rate.repository';
