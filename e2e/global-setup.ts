/**
 * Playwright global setup: checks for Debian's Chromium, then starts the app (startApp in a child
 * process, with a real local SMTP server whose messages land as JSON files in E2E_MAIL_DIR) on a
 * free port with a fresh temporary DATA_DIR. Tests read E2E_BASE_URL and E2E_MAIL_DIR.
 *
 * Set E2E_BASE_URL (and E2E_MAIL_DIR) beforehand to test an app that is already running.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { APP_NODE_FLAGS } from '@hf/app/node-flags';

export const CHROMIUM_PATH = '/usr/bin/chromium';
const ROOT = resolve(__dirname, '..');
const START_TIMEOUT_MS = Number(process.env.E2E_START_TIMEOUT_MS) || 240_000;

function pruneOldRuns(dir: string, maxAgeMs: number): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > maxAgeMs) rmSync(path, { recursive: true, force: true });
    } catch {
      /* another run removed it */
    }
  }
}

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  }
  // Screenshots of this run only (tests write them with snap()); artifacts of runs older than a day go.
  rmSync(join(ROOT, 'test-results', 'screens'), { recursive: true, force: true });
  pruneOldRuns(join(ROOT, 'test-results', 'artifacts'), 24 * 60 * 60 * 1000);
  if (process.env.E2E_BASE_URL) {
    console.log(`[e2e] testing the running app at ${process.env.E2E_BASE_URL}`);
    return async () => undefined;
  }

  const workDir = mkdtempSync(join(tmpdir(), 'hf-e2e-'));
  // mkdtemp makes the folder 0700; as root, embedded PostgreSQL runs initdb as a `postgres` user
  // that must be able to enter it.
  chmodSync(workDir, 0o755);
  const dataDir = join(workDir, 'data');
  const mailDir = join(workDir, 'mail');
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(mailDir, { recursive: true });
  const logDir = join(ROOT, '.tmp', 'e2e');
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, 'app.log');
  appendFileSync(logFile, `\n==== ${new Date().toISOString()} data=${dataDir} ====\n`);

  const child = spawn(
    process.execPath,
    [...APP_NODE_FLAGS, '--import', 'tsx', join(ROOT, 'e2e', 'support', 'app-server.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, E2E_DATA_DIR: dataDir, E2E_MAIL_DIR: mailDir, NODE_ENV: process.env.NODE_ENV ?? 'test' },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );

  /** SIGTERM (the app stops PostgreSQL and the services), SIGKILL after 25 s. */
  const stopChild = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGTERM');
    const timeout = new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), 25_000).unref());
    if ((await Promise.race([exited, timeout])) === 'timeout') child.kill('SIGKILL');
  };

  const tail: string[] = [];
  const remember = (chunk: Buffer): void => {
    const text = chunk.toString('utf8');
    appendFileSync(logFile, text);
    tail.push(...text.split('\n').filter(Boolean));
    if (tail.length > 40) tail.splice(0, tail.length - 40);
  };
  child.stderr.on('data', remember);

  const readyPromise = new Promise<{ url: string; smtpUrl: string; ledgerUrl: string; internalToken: string }>(
    (resolveReady, reject) => {
      let buffer = '';
      let done = false;
      const timer = setTimeout(() => {
        reject(
          new Error(`The app did not start within ${START_TIMEOUT_MS} ms. Log tail (${logFile}):\n${tail.join('\n')}`),
        );
      }, START_TIMEOUT_MS);
      child.stdout.on('data', (chunk: Buffer) => {
        remember(chunk);
        if (done) return;
        buffer += chunk.toString('utf8');
        const line = buffer.split('\n').find((l) => l.startsWith('E2E_READY '));
        if (line) {
          done = true;
          buffer = '';
          clearTimeout(timer);
          resolveReady(JSON.parse(line.slice('E2E_READY '.length)));
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (done) return;
        reject(
          new Error(
            `The app exited during start (code ${code}, signal ${signal}). Log tail (${logFile}):\n${tail.join('\n')}`,
          ),
        );
      });
    },
  );
  let ready: Awaited<typeof readyPromise>;
  try {
    ready = await readyPromise;
  } catch (err) {
    // No teardown runs when setup fails: leave nothing behind.
    await stopChild();
    if (!process.env.E2E_KEEP_DATA) rmSync(workDir, { recursive: true, force: true });
    throw err;
  }

  const baseUrl = ready.url.replace(/\/$/, '');
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SMTP_URL = ready.smtpUrl;
  process.env.E2E_APP_LOG = logFile;
  process.env.E2E_LEDGER_URL = ready.ledgerUrl;
  process.env.E2E_INTERNAL_TOKEN = ready.internalToken;
  console.log(`[e2e] app at ${baseUrl}, smtp ${ready.smtpUrl}, mail in ${mailDir}, log ${logFile}`);

  return async () => {
    await stopChild();
    if (!process.env.E2E_KEEP_DATA) rmSync(workDir, { recursive: true, force: true });
  };
}
