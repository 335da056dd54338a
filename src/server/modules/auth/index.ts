import { serverModule } from '../module';
import { authRoutes } from './auth.routes';

/** Sign-in, tokens, the permission check every request makes. */
export const module = serverModule('auth', authRoutes);
export { loadAccess, userHolds, type Access } from './access.repository';
export { revokeUserTokens } from './auth.repository';
export { clearFailures, failureKey } from './sign-in-failures.repository';
