import type { FastifyBaseLogger } from 'fastify';
import { EVENTS } from '@hf/contracts';
import type { Bus, Subscription } from '@hf/messaging';
import type { AuthClient } from './auth-client';
import { gatewayDurable, GATEWAY_BUS_SUBJECTS, memberKey, RevokedSessions } from './sessions';

export interface RevocationOptions {
  bus: Bus;
  authClient: AuthClient;
  accessTokenSeconds: number;
  instanceId?: string;
  log: FastifyBaseLogger;
}

/** The sessions the gateway refuses, kept current; `loaded()` once svc-auth's start-up list is in. */
export interface Revocations {
  revoked: RevokedSessions;
  loaded(): boolean;
  stop(): Promise<void>;
}

/**
 * Revoked sessions: `auth.session.revoked.v1` and `auth.member.removed.v1` events as they happen,
 * plus what svc-auth revoked before the gateway started (retried until svc-auth answers), swept
 * once a minute.
 */
export async function startRevocations(options: RevocationOptions): Promise<Revocations> {
  const { authClient, accessTokenSeconds, log } = options;
  const revoked = new RevokedSessions(accessTokenSeconds);
  let loaded = false;
  let stopped = false;

  const subscription: Subscription = await options.bus.subscribe({
    durable: gatewayDurable(options.instanceId),
    subjects: GATEWAY_BUS_SUBJECTS,
    handler: async (event) => {
      const at = Date.parse(event.time);
      const revokedAt = Number.isFinite(at) ? at : Date.now();
      if (event.type === EVENTS.memberRemoved) {
        // A removed member's tokens still name the household they left: refuse them there.
        const data = event.data as { user_id?: unknown; household_id?: unknown };
        if (!data || !Number.isSafeInteger(data.user_id) || !Number.isSafeInteger(data.household_id)) {
          log.warn({ eventId: event.id }, 'malformed member removal event');
          return 'terminate';
        }
        revoked.add([memberKey(data.user_id as number, data.household_id as number)], revokedAt);
        return 'ack';
      }
      const data = event.data as { session_ids?: unknown };
      if (!data || !Array.isArray(data.session_ids) || !data.session_ids.every((id) => typeof id === 'string')) {
        log.warn({ eventId: event.id }, 'malformed session revocation event');
        return 'terminate';
      }
      revoked.add(data.session_ids as string[], revokedAt);
      return 'ack';
    },
  });

  let retryTimer: NodeJS.Timeout | undefined;
  const loadRevoked = async (attempt: number): Promise<void> => {
    if (stopped) return;
    const startedAt = Date.now();
    try {
      const since = new Date(startedAt - (accessTokenSeconds * 1000 + 60_000));
      for (const session of await authClient.revokedSince(since))
        revoked.add([session.id], session.revokedAt ?? startedAt);
      loaded = true;
      log.info({ revoked: revoked.size }, 'revoked sessions loaded');
    } catch (err) {
      const delay = Math.min(30_000, 250 * 2 ** Math.min(attempt, 7));
      if (attempt === 0 || attempt % 5 === 0)
        log.warn(
          { err: (err as Error).message, retryInMs: delay },
          'could not load revoked sessions from svc-auth yet',
        );
      retryTimer = setTimeout(() => void loadRevoked(attempt + 1), delay);
      retryTimer.unref();
    }
  };
  void loadRevoked(0);
  const sweep = setInterval(() => revoked.sweep(), 60_000);
  sweep.unref();

  return {
    revoked,
    loaded: () => loaded,
    stop: async () => {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      clearInterval(sweep);
      await subscription.stop().catch(() => undefined);
    },
  };
}
