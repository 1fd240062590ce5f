import jwt from 'jsonwebtoken';
import { unauthorized } from './errors';

export const TOKEN_ISSUER = 'hf-auth';
export const TOKEN_AUDIENCE = 'hf-app';

/** Who is calling, from a verified access token. Never from a request body or header. */
export interface Identity {
  userId: number;
  householdId: number;
  sessionId: string;
  role: string;
  /** The member's display name when the token carries it (tokens minted before it did may not). */
  name?: string;
  /** Seconds since epoch. */
  issuedAt: number;
  expiresAt: number;
}

/** The claims of an access token as signed (sub is the user id, hid the household, sid the session). */
export interface AccessClaims {
  sub: string;
  hid: number;
  sid: string;
  role: string;
  /** The member's display name (decision 0127), optional. */
  name?: string;
  iat: number;
  exp: number;
}

/** Verifies an RS256 access token, pinning algorithm, issuer and audience. */
export function verifyAccessToken(token: string, publicKey: string): Identity {
  let claims: AccessClaims;
  try {
    claims = jwt.verify(token, publicKey, {
      algorithms: ['RS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    }) as unknown as AccessClaims;
  } catch {
    throw unauthorized('Your session has expired. Please log in again.');
  }
  const userId = Number(claims.sub);
  if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(claims.hid) || typeof claims.sid !== 'string') {
    throw unauthorized('Your session has expired. Please log in again.');
  }
  return {
    userId,
    householdId: claims.hid,
    sessionId: claims.sid,
    role: claims.role,
    ...(typeof claims.name === 'string' ? { name: claims.name } : {}),
    issuedAt: claims.iat,
    expiresAt: claims.exp,
  };
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+\.?[A-Za-z0-9\-_.+/=]*)$/.exec(header);
  return match ? match[1] : null;
}

/** Signs an access token (svc-auth mints them; tests use it with a test key). */
export function signAccessToken(
  privateKey: string,
  claims: { userId: number; householdId: number; sessionId: string; role: string; name?: string },
  lifetimeSeconds: number,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): string {
  return jwt.sign(
    {
      hid: claims.householdId,
      sid: claims.sessionId,
      role: claims.role,
      ...(claims.name === undefined ? {} : { name: claims.name }),
      iat: nowSeconds,
      exp: nowSeconds + lifetimeSeconds,
    },
    privateKey,
    { algorithm: 'RS256', issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE, subject: String(claims.userId) },
  );
}

/**
 * RS256 verification with a short-lived cache of tokens already verified. A hit skips only the
 * signature check: expiry is re-checked on every use, and revocation is checked by the caller
 * on every request. The key is the whole token string, so a tampered token is never a hit.
 */
export class TokenVerifier {
  private readonly cache = new Map<string, Identity>();

  constructor(
    private readonly publicKey: string,
    readonly maxEntries = 10_000,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /** Tokens held verified. */
  get size(): number {
    return this.cache.size;
  }

  /** The identity of a valid token; throws the service-kit 401 otherwise. */
  verify(token: string): Identity {
    const cached = this.cache.get(token);
    if (cached && cached.expiresAt > this.nowSeconds()) return cached;
    if (cached) this.cache.delete(token);
    const identity = verifyAccessToken(token, this.publicKey);
    this.dropExpired();
    if (this.cache.size >= this.maxEntries) {
      // Map iterates in insertion order: drop the oldest entry.
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(token, identity);
    return identity;
  }

  /**
   * Tokens are held in the order they were first seen, which is the order they expire in (one
   * lifetime for every access token, seen soon after it is minted): the expired ones at the front
   * go, so the cache holds the tokens still in use, not every token of the last hours.
   */
  private dropExpired(): void {
    const now = this.nowSeconds();
    for (const [token, held] of this.cache) {
      if (held.expiresAt > now) break;
      this.cache.delete(token);
    }
  }
}
