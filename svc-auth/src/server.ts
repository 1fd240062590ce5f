import { resolve } from 'node:path';
import { SERVICES } from '@hf/contracts';
import { envInt, readPem, requireEnv, runServiceProcess } from '@hf/service-kit';
import { buildApp, type AppOptions } from './app';

void runServiceProcess<AppOptions>(
  SERVICES.find((s) => s.name === 'svc-auth')!,
  buildApp,
  () => ({
    jwtPrivateKey: readPem('JWT_PRIVATE_KEY'),
    accessTokenSeconds: envInt('ACCESS_TOKEN_SECONDS', 900),
    bcryptCost: envInt('BCRYPT_COST', 12),
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM || undefined,
    appOrigin: process.env.APP_ORIGIN || 'http://localhost:8080',
    dataDir: resolve(process.env.DATA_DIR || './data'),
    invitationKey: requireEnv('INVITATION_KEY'),
  }),
);
