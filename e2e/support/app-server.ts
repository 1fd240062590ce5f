/**
 * The app under test, in its own process (run with `node --import tsx`): a real SMTP capture
 * server, then `startApp` (embedded PostgreSQL, in-process bus, all services, gateway) on a free
 * port with a fresh data directory. Prints one line `E2E_READY {"url":...,"smtpUrl":...}` when
 * ready; stops cleanly on SIGTERM/SIGINT or when the parent closes stdin.
 *
 * Env in: E2E_DATA_DIR (required), E2E_MAIL_DIR (required), E2E_PORT (optional).
 */
import { createServer } from 'node:net';
import type { RunningApp } from '@hf/app/start';
import { startMailCapture, type RunningMailCapture } from './mail-capture';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function main(): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  const mailDir = process.env.E2E_MAIL_DIR;
  if (!dataDir || !mailDir) throw new Error('E2E_DATA_DIR and E2E_MAIL_DIR must be set');

  // Signals are handled from the start, so a stop during start-up still stops PostgreSQL.
  let mail: RunningMailCapture | null = null;
  let starting: Promise<RunningApp> | null = null;
  let stopping = false;
  const stop = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    const killer = setTimeout(() => process.exit(code || 1), 20_000);
    killer.unref();
    const app = starting ? await starting.catch(() => null) : null;
    try {
      await app?.stop();
    } catch (err) {
      console.error('app.stop failed', err);
    }
    await mail?.stop().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));
  process.stdin.on('end', () => void stop(0));
  process.stdin.on('error', () => void stop(0));
  process.stdin.resume();

  mail = await startMailCapture(mailDir);
  // startApp takes smtpUrl; SMTP_URL is also set for any part that reads the environment.
  process.env.SMTP_URL = mail.url;
  process.env.DATA_DIR = dataDir;
  // Every test registers fresh users from one address: lift the login/register rate limit
  // (10 a minute by default) unless the caller set one.
  process.env.RATE_LIMIT_MAX ??= '10000';

  const { startApp } = await import('@hf/app/start');
  const port = Number(process.env.E2E_PORT) || (await freePort());
  starting = startApp({ port, dataDir, smtpUrl: mail.url });
  const app = await starting;
  if (stopping) return;

  // The ledger's internal address and token let the large-register test seed rows in bulk.
  const ready = {
    url: app.url,
    smtpUrl: mail.url,
    ledgerUrl: app.services['svc-ledger'],
    internalToken: app.secrets.internalToken,
  };
  process.stdout.write(`E2E_READY ${JSON.stringify(ready)}\n`);
}

main().catch((err) => {
  console.error('E2E_FAILED', err);
  process.exit(1);
});
