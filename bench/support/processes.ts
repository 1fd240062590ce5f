/**
 * The processes a benchmark started and their memory, from /proc (Linux): a process and all
 * its descendants, each named after what it runs (a service's `src/server.ts`, the app's
 * bench child, PostgreSQL's role in its process title), with RSS, PSS and CPU time.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessMemory {
  pid: number;
  ppid: number;
  /** What it runs: `svc-ledger`, `gateway`, `app (gateway + services)`, `postgres: checkpointer`, ... */
  name: string;
  /** Resident set size (KiB): VmRSS of /proc/<pid>/status. */
  rssKiB: number;
  /** Proportional set size (KiB; shared pages divided among their users), when readable. */
  pssKiB: number | null;
  /** CPU time used so far (user + system, ms, every thread). */
  cpuMs: number;
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Parent pid and CPU time (ms) from the text of /proc/<pid>/stat (the command name may hold spaces and parentheses). */
export function parseStat(statText: string): { ppid: number; cpuMs: number } {
  // Fields after the command name: state, ppid, ..., utime (12th), stime (13th).
  const fields = statText.slice(statText.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND };
}

/** A short name for a process from its argv (/proc/<pid>/cmdline split on NUL). */
export function processLabel(argv: readonly string[]): string {
  if (argv.length === 0) return '?';
  // PostgreSQL rewrites its process title into argv[0]: "postgres: walwriter", "postgres: postgres hf_ledger 127.0.0.1(5678) idle".
  if (/^postgres:/.test(argv[0])) {
    const title = argv.join(' ').trim();
    return /^postgres: \S+ \S+ \S+\(\d+\)/.test(title) ? 'postgres: backend' : title.replace(/\s+/g, ' ');
  }
  const script = argv.slice(1).find((a) => /\.(ts|js|mjs|cjs)$/.test(a));
  if (script) {
    const server = /(?:^|\/)(gateway|svc-[a-z]+)\/src\/server\.ts$/.exec(script);
    if (server) return server[1];
    if (/bench\/support\/app-process\.ts$/.test(script)) return 'app (gateway + services)';
    return script.split('/').slice(-2).join('/');
  }
  const base = argv[0].split('/').pop() ?? argv[0];
  return /postgres$/.test(base) ? 'postgres: postmaster' : base;
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** VmRSS and Pss (KiB) and CPU time (ms) of one process; null when it is gone. */
export function memoryOf(pid: number): { rssKiB: number; pssKiB: number | null; cpuMs: number } | null {
  const status = readOrNull(`/proc/${pid}/status`);
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (status === null || stat === null) return null;
  const rss = /^VmRSS:\s+(\d+) kB/m.exec(status);
  const rollup = readOrNull(`/proc/${pid}/smaps_rollup`);
  const pss = rollup ? /^Pss:\s+(\d+) kB/m.exec(rollup) : null;
  return { rssKiB: rss ? Number(rss[1]) : 0, pssKiB: pss ? Number(pss[1]) : null, cpuMs: parseStat(stat).cpuMs };
}

/** `rootPid` and every descendant still running, with names and memory (root first, then by pid). */
export function processTree(rootPid: number): ProcessMemory[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readOrNull(`/proc/${entry}/stat`);
    if (stat !== null) parents.set(Number(entry), parseStat(stat).ppid);
  }
  const inTree = new Set<number>([rootPid]);
  // Parents come before children in no particular order: repeat until nothing is added.
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  const result: ProcessMemory[] = [];
  for (const pid of [...inTree].sort((a, b) => (a === rootPid ? -1 : b === rootPid ? 1 : a - b))) {
    const cmdline = readOrNull(`/proc/${pid}/cmdline`);
    const memory = memoryOf(pid);
    if (cmdline === null || memory === null) continue;
    result.push({
      pid,
      ppid: parents.get(pid) ?? 0,
      name: processLabel(cmdline.split('\0').filter(Boolean)),
      ...memory,
    });
  }
  return result;
}
