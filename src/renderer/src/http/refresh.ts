import type { TokenData } from '@shared/api/auth';
import { getTokens, storeSignIn } from '@renderer/session/session';
import { SessionExpiredError } from './errors';

/** An access token that expires within this margin is refreshed before the request goes out. */
export const REFRESH_MARGIN_MS = 30_000;

export interface TokenRefresher {
  /** A usable access token (refreshing first when needed), or null when there is no session. */
  validToken(): Promise<string | null>;
  /** Refreshes now; concurrent callers share the one call. Rejects with SessionExpiredError. */
  refresh(): Promise<string>;
  /** A refresh token is stored and not expired. */
  canRefresh(): boolean;
}

/**
 * One refresh at a time: the first caller starts it, every other caller awaits the same promise and
 * reuses the new token. Refresh tokens rotate, so a second parallel refresh would fail.
 */
export function createTokenRefresher(callRefresh: (refreshToken: string) => Promise<TokenData>, onExpired: () => void): TokenRefresher {
  let inflight: Promise<string> | null = null;

  const canRefresh = (): boolean => {
    const tokens = getTokens();
    return !!tokens && tokens.refreshExpiresAt > Date.now();
  };

  const refresh = (): Promise<string> => {
    inflight ??= (async () => {
      const tokens = getTokens();
      if (!tokens || tokens.refreshExpiresAt <= Date.now()) throw new SessionExpiredError();
      const data = await callRefresh(tokens.refreshToken);
      storeSignIn(data);
      return data.token;
    })()
      .catch((e: unknown) => {
        onExpired();
        throw e instanceof SessionExpiredError ? e : new SessionExpiredError(e);
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };

  const validToken = async (): Promise<string | null> => {
    if (inflight) return inflight;
    const tokens = getTokens();
    if (!tokens) return null;
    if (tokens.expiresAt - Date.now() > REFRESH_MARGIN_MS) return tokens.token;
    return refresh();
  };

  return { validToken, refresh, canRefresh };
}
