import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MESSAGING_MIGRATIONS, startOutboxRelay, type OutboxRelay } from '@hf/messaging';
import { createService, signAccessToken, verifyAccessToken, type BaseAppOptions } from '@hf/service-kit';
import { PRODUCT_NAME } from '@hf/contracts';
import type { AuthContext } from './context';
import { DEFAULT_ACCESS_TOKEN_SECONDS } from './domain/expiry';
import { parseSecretKey } from './domain/tokens';
import { createMailer, type Mailer } from './mail/mailer';
import { PasswordHasher } from './passwords';
import { isSessionActive } from './repositories/sessions';
import { householdRoutes } from './routes/household';
import { internalRoutes } from './routes/internal';
import { themeRoutes } from './routes/themes';
import { userRoutes } from './routes/users';
import { sessionExpired, SessionService } from './sessions';

export interface AppOptions extends BaseAppOptions {
  /** PEM of the RS256 private key that signs access tokens (its public half is `jwtPublicKey`). */
  jwtPrivateKey: string;
  /** Access-token lifetime in seconds (default 900). */
  accessTokenSeconds?: number;
  /** bcrypt cost (default 12; tests use 4). */
  bcryptCost?: number;
  /** e.g. `smtp://user:pass@mail.example.com:587`; without it mail is written to `${dataDir}/outbox/`. */
  smtpUrl?: string;
  mailFrom?: string;
  /** Public origin of the web app (links in emails), e.g. `http://localhost:8080`. */
  appOrigin: string;
  dataDir: string;
  /** 32-byte secret (64 hex characters or base64) that encrypts invitation tokens at rest. */
  invitationKey: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** svc-auth only: publishes outbox rows (tests call `flush()`). */
    outboxRelay: OutboxRelay;
    /** svc-auth only: outgoing mail (tests call `idle()`). */
    mailer: Mailer;
  }
}

function checkOptions(options: AppOptions): { accessTokenSeconds: number; bcryptCost: number; appOrigin: string } {
  const accessTokenSeconds = options.accessTokenSeconds ?? DEFAULT_ACCESS_TOKEN_SECONDS;
  if (!Number.isInteger(accessTokenSeconds) || accessTokenSeconds < 10 || accessTokenSeconds > 3600) {
    throw new Error('The access-token lifetime must be a whole number of seconds between 10 and 3600');
  }
  const bcryptCost = options.bcryptCost ?? 12;
  if (!Number.isInteger(bcryptCost) || bcryptCost < 4 || bcryptCost > 15)
    throw new Error('The bcrypt cost must be an integer from 4 to 15');
  let origin: URL;
  try {
    origin = new URL(options.appOrigin);
  } catch {
    throw new Error(`APP_ORIGIN must be an absolute http(s) URL, got "${options.appOrigin}"`);
  }
  if (origin.protocol !== 'http:' && origin.protocol !== 'https:')
    throw new Error(`APP_ORIGIN must be an http(s) URL, got "${options.appOrigin}"`);
  // A key pair that does not match would mint tokens no service accepts: fail at start instead.
  try {
    verifyAccessToken(
      signAccessToken(options.jwtPrivateKey, { userId: 1, householdId: 1, sessionId: 'check', role: 'member' }, 60),
      options.jwtPublicKey,
    );
  } catch {
    throw new Error('JWT_PRIVATE_KEY does not sign tokens that JWT_PUBLIC_KEY verifies (RS256 key pair expected)');
  }
  return { accessTokenSeconds, bcryptCost, appOrigin: origin.origin };
}

/** svc-auth as a Fastify app: users, sessions, households, invitations and themes. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { accessTokenSeconds, bcryptCost, appOrigin } = checkOptions(options);
  const invitationKey = parseSecretKey(options.invitationKey);
  const passwords = new PasswordHasher();
  const dummyPasswordHash = await passwords.hash(randomBytes(16).toString('hex'), bcryptCost);
  let mailer: Mailer | undefined;

  const app = await createService({
    ...options,
    name: 'svc-auth',
    migrationsDir: join(__dirname, '..', 'migrations'),
    packageMigrations: [MESSAGING_MIGRATIONS],
    routes: async (scope) => {
      mailer = createMailer({
        smtpUrl: options.smtpUrl,
        from: options.mailFrom ?? `${PRODUCT_NAME} <no-reply@localhost>`,
        dataDir: options.dataDir,
        logger: scope.log,
      });
      const ctx: AuthContext = {
        sessions: new SessionService(options.jwtPrivateKey, accessTokenSeconds),
        mailer,
        appOrigin,
        bcryptCost,
        passwords,
        dummyPasswordHash,
        invitationKey,
        jwtPublicKey: options.jwtPublicKey,
      };
      // A verified token is not enough here: its session must still be live (logout, reset and
      // removal take effect at once in svc-auth; other services learn it from the event).
      scope.addHook('onRequest', async (request) => {
        const identity = request.identity;
        if (identity && !(await isSessionActive(scope.db, identity.sessionId, identity.userId, identity.householdId))) {
          throw sessionExpired();
        }
      });
      // Tokens, invitation links and personal data: never kept by a cache.
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      await userRoutes(scope, ctx);
      await householdRoutes(scope, ctx);
      await themeRoutes(scope);
      await internalRoutes(scope, ctx);
    },
  }).catch(async (err: unknown) => {
    await passwords.close();
    throw err;
  });

  const relay = startOutboxRelay({ pool: app.db, bus: options.bus, logger: app.log });
  app.decorate('outboxRelay', relay);
  app.decorate('mailer', mailer!);
  // Registered after createService's own onClose (which ends the pool); Fastify runs onClose hooks last-in first-out.
  app.addHook('onClose', async () => {
    await relay.stop();
    await mailer!.idle();
    mailer!.close();
    await passwords.close();
  });
  return app;
}
