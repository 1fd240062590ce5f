import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, type TokenPair } from '@hf/contracts';
import { signAccessToken, unauthorized, type PoolClient } from '@hf/service-kit';
import { accessTokenLifetime, addMs, isSessionLive, SESSION_MAX_AGE_MS } from './domain/expiry';
import { generateToken, hashToken } from './domain/tokens';
import { recordSessionsRevoked, type RevocationReason } from './events';
import * as sessions from './repositories/sessions';
import type { SessionWithUser } from './repositories/sessions';
import type { UserRow } from './repositories/users';

/** Mints access tokens and runs the session lifecycle: start, refresh (rotation, reuse detection), revoke. */
export class SessionService {
  constructor(
    private readonly privateKey: string,
    private readonly accessTokenSeconds: number,
  ) {}

  /** An access token for a live session, never outliving its 24 h cap; null when none may be minted. */
  accessToken(
    session: Pick<SessionWithUser, 'id' | 'user_id' | 'household_id' | 'role' | 'expires_at'> & { name?: string },
    now = new Date(),
  ): { token: string; expiresAt: Date } | null {
    const lifetime = accessTokenLifetime(now, session.expires_at, this.accessTokenSeconds);
    if (lifetime <= 0) return null;
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const token = signAccessToken(
      this.privateKey,
      {
        userId: session.user_id,
        householdId: session.household_id,
        sessionId: session.id,
        role: session.role,
        name: session.name,
      },
      lifetime,
      nowSeconds,
    );
    return { token, expiresAt: new Date((nowSeconds + lifetime) * 1000) };
  }

  /** Starts a session for a user who just logged in or registered (inside the caller's transaction). */
  async start(
    client: PoolClient,
    user: Pick<UserRow, 'id' | 'household_id' | 'role'> & { name?: string },
    now = new Date(),
  ): Promise<TokenPair> {
    const id = randomUUID();
    const refreshToken = generateToken();
    const expiresAt = addMs(now, SESSION_MAX_AGE_MS);
    await sessions.insertSession(client, { id, userId: user.id, expiresAt, refreshHash: hashToken(refreshToken) });
    const access = this.accessToken(
      {
        id,
        user_id: user.id,
        household_id: user.household_id,
        role: user.role,
        expires_at: expiresAt,
        name: user.name,
      },
      now,
    );
    return { access_token: access!.token, refresh_token: refreshToken };
  }

  /**
   * Rotates a refresh token. The current token of a live session gives a new pair (same session);
   * an already rotated one means it was stolen or replayed: the whole session is revoked. The
   * outcome is returned rather than thrown so that the revocation commits.
   */
  async refresh(
    client: PoolClient,
    refreshToken: string,
    now = new Date(),
  ): Promise<{ pair: TokenPair } | { refused: true }> {
    const hash = hashToken(refreshToken);
    const current = await sessions.findSessionByRefreshHash(client, hash);
    if (current) {
      if (!isSessionLive(current, now)) return { refused: true };
      const access = this.accessToken(current, now);
      if (!access) return { refused: true };
      const next = generateToken();
      await sessions.rotateRefreshToken(client, current.id, hash, hashToken(next));
      return { pair: { access_token: access.token, refresh_token: next } };
    }
    const reused = await sessions.findSessionByRotatedHash(client, hash);
    if (reused)
      await this.revoke(client, { id: reused.user_id, household_id: reused.household_id }, 'refresh_token_reuse', [
        reused.id,
      ]);
    return { refused: true };
  }

  /** Revokes the user's live sessions (all, or `sessionIds`) and records the event with them. */
  async revoke(
    client: PoolClient,
    user: { id: number; household_id: number },
    reason: RevocationReason,
    sessionIds?: string[],
  ): Promise<string[]> {
    const revoked = await sessions.revokeSessions(client, user.id, reason, sessionIds);
    await recordSessionsRevoked(client, { userId: user.id, householdId: user.household_id, reason, revoked });
    return revoked.map((r) => r.id);
  }
}

export const sessionExpired = () => unauthorized(AUTH_MESSAGES.sessionExpired);
