import { EVENTS } from '@hf/contracts';
import type { Identity } from '@hf/service-kit';

/**
 * The revocation events the gateway subscribes to (on a thread of its own, the bridge forwards
 * exactly these; a subscription outside them fails at start with a clear message).
 */
export const GATEWAY_BUS_SUBJECTS: string[] = [EVENTS.sessionRevoked, EVENTS.memberRemoved];

/** The gateway's durable consumer: one per instance (`instanceId`), stable across its restarts. */
export function gatewayDurable(instanceId = 'main'): string {
  return `gateway-${instanceId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/**
 * The sessions the gateway must refuse although their access tokens still verify.
 *
 * A revoked session's tokens stop being a danger once the last access token minted for it has
 * expired; svc-auth refuses to renew it. So each entry is kept for one access-token lifetime
 * (plus a clock-skew margin) after its revocation, and then forgotten: the set stays small.
 */
export class RevokedSessions {
  private readonly until = new Map<string, number>();
  private lastSweep = 0;

  constructor(
    private readonly accessTokenSeconds: number,
    private readonly now: () => number = Date.now,
    private readonly skewMs = 60_000,
  ) {}

  /** Records sessions revoked at `revokedAt` (ms since epoch). Already harmless ones are ignored. */
  add(sessionIds: Iterable<string>, revokedAt: number = this.now()): void {
    const forgetAt = revokedAt + this.accessTokenSeconds * 1000 + this.skewMs;
    if (forgetAt <= this.now()) return;
    for (const id of sessionIds) {
      if (typeof id !== 'string' || id === '') continue;
      const known = this.until.get(id);
      if (known === undefined || known < forgetAt) this.until.set(id, forgetAt);
    }
  }

  has(sessionId: string): boolean {
    const forgetAt = this.until.get(sessionId);
    if (forgetAt === undefined) return false;
    if (forgetAt <= this.now()) {
      this.until.delete(sessionId);
      return false;
    }
    return true;
  }

  get size(): number {
    this.sweep();
    return this.until.size;
  }

  /** Drops expired entries; cheap enough to run from a timer every minute. */
  sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < 1000) return;
    this.lastSweep = now;
    for (const [id, forgetAt] of this.until) if (forgetAt <= now) this.until.delete(id);
  }
}

/** The revocation key of a membership: a removed member's tokens for that household. */
export function memberKey(userId: number, householdId: number): string {
  return `member:${userId}:${householdId}`;
}

/** True once a token has lived more than half of its lifetime: time to hand out a fresh one. */
export function pastHalfLife(identity: Identity, nowSeconds: number = Math.floor(Date.now() / 1000)): boolean {
  const lifetime = identity.expiresAt - identity.issuedAt;
  return lifetime > 0 && nowSeconds - identity.issuedAt >= lifetime / 2;
}
