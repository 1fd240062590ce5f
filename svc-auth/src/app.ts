import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MESSAGING_MIGRATIONS, startOutboxRelay, type OutboxRelay } from '@hf/messaging';
import { createService, signAccessToken, verifyAccessToken, type BaseAppOptions } from '@hf/service-kit';
import { PRODUCT_NAME } from '@hf/contracts';
import { DEFAULT_ACCESS_TOKEN_SECONDS } from './domain/expiry';
import { parseSecretKey } from './domain/tokens';
import { createMailer, type Mailer } from './mail/mailer';
import { PasswordHasher } from './passwords';
import { isSessionActive } from './repositories/sessions';
import { householdRoutes } from './routes/household';
import { internalRoutes } from './routes/internal';
import { invitationRoutes } from './routes/invitations';
import { passwordResetRoutes } from './routes/password-reset';
import { themeRoutes } from './routes/themes';
import { userSessionRoutes } from './routes/user-sessions';
import { userRoutes } from './routes/users';
import { sessionExpired, SessionService } from './sessions';
import type { AuthSettings } from './settings';

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
    /** Publishes outbox rows (tests call `flush()`); svc-ledger has the same. */
    outbox: OutboxRelay;
    /** svc-auth only: outgoing mail (tests call `idle()`). */
    mailer: Mailer;
    /** svc-auth only: mints access tokens and runs the session lifecycle. */
    sessions: SessionService;
    /** svc-auth only: bcrypt, off the event loop. */
    passwords: PasswordHasher;
    /** svc-auth only: its settings, checked at start. */
    authSettings: AuthSettings;
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

  const app = await createService({
    ...options,
    name: 'svc-auth',
    migrationsDir: join(__dirname, '..', 'migrations'),
    packageMigrations: [MESSAGING_MIGRATIONS],
    routes: async (scope) => {
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
      await scope.register(userRoutes);
      await scope.register(passwordResetRoutes);
      await scope.register(userSessionRoutes);
      await scope.register(householdRoutes);
      await scope.register(invitationRoutes);
      await scope.register(themeRoutes);
      await scope.register(internalRoutes);
    },
  }).catch(async (err: unknown) => {
    await passwords.close();
    throw err;
  });

  const mailer = createMailer({
    smtpUrl: options.smtpUrl,
    from: options.mailFrom ?? `${PRODUCT_NAME} <no-reply@localhost>`,
    dataDir: options.dataDir,
    logger: app.log,
  });
  app.decorate('mailer', mailer);
  app.decorate('sessions', new SessionService(options.jwtPrivateKey, accessTokenSeconds));
  app.decorate('passwords', passwords);
  const settings: AuthSettings = {
    appOrigin,
    bcryptCost,
    dummyPasswordHash,
    invitationKey,
    jwtPublicKey: options.jwtPublicKey,
  };
  app.decorate('authSettings', settings);
  const relay = startOutboxRelay({ pool: app.db, bus: options.bus, logger: app.log });
  app.decorate('outbox', relay);
  // Registered after createService's own onClose (which ends the pool); Fastify runs onClose hooks last-in first-out.
  app.addHook('onClose', async () => {
    await relay.stop();
    await mailer.idle();
    mailer.close();
    await passwords.close();
  });
  return app;
}
