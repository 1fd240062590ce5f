/**
 * Builds the five front ends (the `shell` host and the four remotes) into `<workspace>/dist`,
 * with the one config factory of federation.js (@hf/webpack-federation).
 *
 *   npx tsx tools/webpack-federation/src/build-frontends.ts [--force] [--only shell,mf-budget] [--concurrency 1]
 *   import { buildFrontends } from './build-frontends'; await buildFrontends({ force: false });
 *
 * A workspace is skipped when its dist is newer than its sources, the shared front-end packages
 * and the build scripts (unless `force`). Each build runs in its own process, two at a time.
 * Any failure rejects with webpack's error text.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..', '..', '..');

/** Host first (it is what every page needs), then the remotes. */
export const FRONTENDS = ['shell', 'mf-ledger', 'mf-budget', 'mf-reports', 'mf-settings'] as const;
export type FrontendName = (typeof FRONTENDS)[number];

/** Sources every front end is built from besides its own folder. */
const SHARED_INPUTS = [
  'packages/app-kit',
  'packages/ui',
  'packages/contracts',
  'packages/money',
  'packages/calendar',
  'tools/webpack-federation',
  'package-lock.json',
];

/** Stamp written into dist after a successful build; its mtime is the build's time. */
const STAMP = '.build-stamp.json';

export interface BuildOptions {
  /** Build even when dist is up to date. */
  force?: boolean;
  /** Build only these workspaces. */
  only?: readonly string[];
  /** Builds at once (default 2: the machines have 2 cores). */
  concurrency?: number;
  log?: (line: string) => void;
}

export interface BuildResult {
  name: FrontendName;
  status: 'built' | 'up-to-date' | 'no-sources';
  ms: number;
}

export class FrontendBuildError extends Error {
  constructor(
    public readonly workspace: string,
    public readonly output: string,
  ) {
    super(`Front-end build of ${workspace} failed:\n${output}`);
    this.name = 'FrontendBuildError';
  }
}

const IGNORED_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage']);
const isTestFile = (name: string) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

/** Newest modification time (ms) under `path`, ignoring builds, dependencies and tests. */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (IGNORED_DIRS.has(entry.name) || isTestFile(entry.name)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Why a workspace needs building, or null when its dist is current. */
export function staleReason(name: string, root = ROOT): string | null {
  const dir = join(root, name);
  const stamp = join(dir, 'dist', STAMP);
  if (!existsSync(stamp)) return 'no previous build';
  const builtAt = statSync(stamp).mtimeMs;
  const inputs = ['src', 'public', 'webpack.config.js', 'package.json']
    .map((p) => join(dir, p))
    .concat(SHARED_INPUTS.map((p) => join(root, p)));
  for (const input of inputs) if (newestMtime(input) > builtAt) return `${input.slice(root.length + 1)} changed`;
  return null;
}

function runWebpack(name: string, root: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(__dirname, 'run-build.js'), join(root, name)], {
      cwd: join(root, name),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (err) => reject(new FrontendBuildError(name, String(err))));
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else reject(new FrontendBuildError(name, output.trim() || `webpack exited with code ${code}`));
    });
  });
}

export async function buildFrontends(options: BuildOptions = {}, root = ROOT): Promise<BuildResult[]> {
  const { force = false, only, concurrency = 2, log = (line: string) => console.log(line) } = options;
  const names = FRONTENDS.filter((n) => !only || only.includes(n));
  if (only)
    for (const n of only)
      if (!(FRONTENDS as readonly string[]).includes(n))
        throw new Error(`Unknown front end: ${n} (known: ${FRONTENDS.join(', ')})`);

  const results: BuildResult[] = [];
  const queue: FrontendName[] = [];
  for (const name of names) {
    if (!existsSync(join(root, name, 'src'))) {
      log(`[build] ${name}: no src/ yet, skipped`);
      results.push({ name, status: 'no-sources', ms: 0 });
      continue;
    }
    const reason = force ? 'forced' : staleReason(name, root);
    if (reason === null) {
      log(`[build] ${name}: up to date`);
      results.push({ name, status: 'up-to-date', ms: 0 });
    } else {
      log(`[build] ${name}: building (${reason})`);
      queue.push(name);
    }
  }

  const failures: FrontendBuildError[] = [];
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      const started = Date.now();
      try {
        await runWebpack(name, root);
        writeFileSync(join(root, name, 'dist', STAMP), JSON.stringify({ builtAt: new Date().toISOString() }) + '\n');
        const ms = Date.now() - started;
        log(`[build] ${name}: built in ${(ms / 1000).toFixed(1)} s`);
        results.push({ name, status: 'built', ms });
      } catch (err) {
        failures.push(err instanceof FrontendBuildError ? err : new FrontendBuildError(name, String(err)));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));

  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) {
    throw new FrontendBuildError(
      failures.map((f) => f.workspace).join(', '),
      failures.map((f) => `--- ${f.workspace} ---\n${f.output}`).join('\n\n'),
    );
  }
  return FRONTENDS.flatMap((n) => results.filter((r) => r.name === n));
}

function parseArgs(argv: string[]): BuildOptions {
  const options: BuildOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--force') options.force = true;
    else if (arg === '--only') options.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (arg === '--concurrency') options.concurrency = Number(argv[++i]);
    else throw new Error(`Unknown option ${arg} (use --force, --only a,b, --concurrency n)`);
  }
  return options;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(__filename)) {
  buildFrontends(parseArgs(process.argv.slice(2))).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
