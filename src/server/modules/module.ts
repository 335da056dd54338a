import type { FastifyPluginAsync } from 'fastify';

/** What every module's routes receive when the app registers them (modules/index.ts). */
export interface ModuleOptions {
  /** Sign-in attempts allowed per client address per minute. */
  loginAttemptsPerMinute: number;
}

/**
 * A server module as the app registers it: its name and its routes. Each module's index.ts exports one
 * (`module`) next to what other modules may use of it; modules/index.ts lists them all, once.
 */
export interface ServerModule {
  name: string;
  routes: FastifyPluginAsync<ModuleOptions>;
}

export const serverModule = (name: string, routes: FastifyPluginAsync<ModuleOptions>): ServerModule => ({ name, routes });
