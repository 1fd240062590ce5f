#!/usr/bin/env node
/**
 * `npm test`: type check, lint, jest, front-end build, Playwright; each runs even when an earlier
 * one failed. The last line is exactly `N passed, N failed`, summing jest tests, Playwright tests,
 * and the type check and lint as one test each (a failed build, a test tool that could not report,
 * or a missing Chromium each count as one failure). Exit code 0 only if nothing failed.
 *
 * `node scripts/test.mjs typecheck lint` runs only the named steps
 * (typecheck, lint, jest, build, e2e).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TMP = join(ROOT, '.tmp');
const BIN = join(ROOT, 'node_modules', '.bin');
const CHROMIUM = '/usr/bin/chromium';
const JEST_JSON = join(TMP, 'jest.json');
const PLAYWRIGHT_JSON = join(TMP, 'playwright.json');

const ALL_STEPS = ['typecheck', 'lint', 'jest', 'build', 'e2e'];
const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = requested.filter((s) => !ALL_STEPS.includes(s));
if (unknown.length) {
  console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${ALL_STEPS.join(', ')}`);
  process.exit(2);
}
const steps = requested.length ? requested : ALL_STEPS;

mkdirSync(TMP, { recursive: true });

/** Runs a command with inherited output; resolves with its exit code (127 if it could not start). */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', (err) => {
      console.error(`Could not run ${command}: ${err.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const results = [];
let passed = 0;
let failed = 0;

function record(step, ok, failedCount, passedCount, detail, seconds) {
  passed += passedCount;
  failed += failedCount;
  results.push({ step, ok, detail, seconds });
  console.log(`\n[test] ${step}: ${ok ? 'PASSED' : 'FAILED'} - ${detail} (${seconds.toFixed(1)} s)\n`);
}

async function timed(fn) {
  const start = Date.now();
  const value = await fn();
  return { value, seconds: (Date.now() - start) / 1000 };
}

function banner(title) {
  console.log(`\n[test] ===== ${title} =====`);
}

if (steps.includes('typecheck')) {
  banner('type check: tsc -p tsconfig.json --noEmit');
  const { value: code, seconds } = await timed(() => run(join(BIN, 'tsc'), ['-p', 'tsconfig.json', '--noEmit']));
  record(
    'typecheck',
    code === 0,
    code === 0 ? 0 : 1,
    code === 0 ? 1 : 0,
    code === 0 ? 'no type errors' : `tsc exited ${code}`,
    seconds,
  );
}

if (steps.includes('lint')) {
  banner('lint: eslint . and prettier --check .');
  const { value: code, seconds } = await timed(async () => {
    const eslint = await run(join(BIN, 'eslint'), ['.']);
    const prettier = await run(join(BIN, 'prettier'), ['--check', '.', '--log-level', 'warn']);
    return eslint || prettier;
  });
  record(
    'lint',
    code === 0,
    code === 0 ? 0 : 1,
    code === 0 ? 1 : 0,
    code === 0 ? 'no lint errors' : `eslint exited ${code}`,
    seconds,
  );
}

if (steps.includes('jest')) {
  banner('jest');
  rmSync(JEST_JSON, { force: true });
  const { value: code, seconds } = await timed(() =>
    run(join(BIN, 'jest'), ['--json', `--outputFile=${JEST_JSON}`, '--forceExit'], { CI: process.env.CI ?? '' }),
  );
  const report = readJson(JEST_JSON);
  if (!report) {
    record('jest', false, 1, 0, `jest exited ${code} without a JSON report`, seconds);
  } else {
    const ok = report.numPassedTests ?? 0;
    // Suites that could not run (syntax errors, failing imports) hold no counted tests: one failure each.
    const bad = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
    const extra = code !== 0 && bad === 0 ? 1 : 0; // e.g. global setup failed or coverage threshold
    record(
      'jest',
      bad + extra === 0,
      bad + extra,
      ok,
      `${ok} passed, ${report.numFailedTests ?? 0} failed, ${report.numRuntimeErrorTestSuites ?? 0} suites could not run` +
        (extra ? `, jest exited ${code}` : ''),
      seconds,
    );
  }
}

if (steps.includes('build')) {
  banner('front-end build: npm run build');
  const { value: code, seconds } = await timed(() => run('npm', ['run', 'build', '--silent']));
  // The build is a precondition for the browser tests: only a failure is counted.
  record('build', code === 0, code === 0 ? 0 : 1, 0, code === 0 ? 'front ends built' : `build exited ${code}`, seconds);
}

if (steps.includes('e2e')) {
  banner('browser tests: playwright test');
  if (!existsSync(CHROMIUM)) {
    console.log(
      `Chromium is not installed (${CHROMIUM}): browser tests cannot run. Install it with: apt-get install -y chromium`,
    );
    record('e2e', false, 1, 0, 'Chromium is not installed', 0);
  } else {
    rmSync(PLAYWRIGHT_JSON, { force: true });
    const { value: code, seconds } = await timed(() =>
      run(join(BIN, 'playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: PLAYWRIGHT_JSON }),
    );
    const report = readJson(PLAYWRIGHT_JSON);
    if (!report || !report.stats) {
      record('e2e', false, 1, 0, `playwright exited ${code} without a JSON report`, seconds);
    } else {
      const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
      const ok = expected + flaky;
      // Errors outside tests (global setup, a spec file that does not load) count once each.
      const outside = Array.isArray(report.errors) ? report.errors.length : 0;
      const extra = unexpected === 0 && code !== 0 ? Math.max(outside, 1) : outside;
      record(
        'e2e',
        unexpected + extra === 0,
        unexpected + extra,
        ok,
        `${ok} passed (${flaky} flaky), ${unexpected} failed, ${skipped} skipped` +
          (outside ? `, ${outside} errors outside tests` : ''),
        seconds,
      );
    }
  }
}

console.log('[test] ===== summary =====');
for (const r of results)
  console.log(`[test] ${r.ok ? 'ok  ' : 'FAIL'} ${r.step.padEnd(9)} ${r.detail} (${r.seconds.toFixed(1)} s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
