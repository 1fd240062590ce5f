/** Lifetimes of what svc-auth hands out. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;
/** Absolute session cap: renewal and refresh never carry a session past this. */
export const SESSION_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_ACCESS_TOKEN_SECONDS = 15 * 60;

export function addMs(at: Date, ms: number): Date {
  return new Date(at.getTime() + ms);
}

/** A single-use token is usable while it is neither used nor cancelled and `now` is before its expiry. */
export function isTokenUsable(
  token: { expires_at: Date; used_at: Date | null; cancelled_at?: Date | null },
  now: Date,
): boolean {
  return token.used_at === null && (token.cancelled_at ?? null) === null && now.getTime() < token.expires_at.getTime();
}

/** A session is live while it is not revoked and under its absolute cap. */
export function isSessionLive(session: { expires_at: Date; revoked_at: Date | null }, now: Date): boolean {
  return session.revoked_at === null && now.getTime() < session.expires_at.getTime();
}

/**
 * Lifetime in whole seconds of an access token minted at `now` for a session that ends at
 * `sessionExpiresAt`: the configured lifetime, cut short by the session cap. 0 means none may be minted.
 */
export function accessTokenLifetime(now: Date, sessionExpiresAt: Date, configuredSeconds: number): number {
  const left = Math.floor((sessionExpiresAt.getTime() - now.getTime()) / 1000);
  return Math.max(0, Math.min(configuredSeconds, left));
}
