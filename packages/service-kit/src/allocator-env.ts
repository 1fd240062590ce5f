import { spawn } from 'node:child_process';

/**
 * glibc malloc settings for every Node process of the app (docs/decisions.md, "Allocator
 * settings"): buffers of up to 32 MiB (a 50,000-row register body is ~21 MiB, and svc-ledger
 * makes one per register version) come from the heap instead of a fresh mmap each, and up to
 * 128 MiB freed at the heap's top stay there for the next. On a VM where a page fault is dear,
 * a fresh 21 MiB buffer cost ~20 ms of page faults against ~1 ms for the copy itself. glibc reads
 * them when a process starts, so they go into the environment of the processes the app starts;
 * values already in the environment win. Other C libraries ignore them.
 */
export const ALLOCATOR_ENV: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: String(32 * 1024 * 1024),
  MALLOC_TRIM_THRESHOLD_: String(128 * 1024 * 1024),
};

/** `env` with ALLOCATOR_ENV added where it has no value of its own. */
export function withAllocatorEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return { ...ALLOCATOR_ENV, ...(env as Record<string, string>) };
}

/** Whether this process started without the settings (on Linux, where they apply). */
export function lacksAllocatorEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return process.platform === 'linux' && Object.keys(ALLOCATOR_ENV).some((name) => env[name] === undefined);
}

/**
 * Runs this same script again in a child process that has the settings: the same Node flags and
 * arguments, the terminal shared, SIGINT and SIGTERM passed on, and its exit code taken as this
 * process's. For entry points a person starts by hand (`npm start`).
 */
export function restartWithAllocatorEnv(): void {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: withAllocatorEnv(process.env) });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
