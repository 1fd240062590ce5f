/**
 * The processes a benchmark started and their memory, from /proc (Linux): a process and all
 * its descendants, each named after what it runs (a service's `src/server.ts`, the app's
 * bench child, PostgreSQL's role in its process title), with RSS and PSS.
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
}

/** The parent pid in the text of /proc/<pid>/stat (the command name may hold spaces and parentheses). */
export function parentOf(statText: string): number {
  const fields = statText.slice(statText.lastIndexOf(')') + 2).split(' ');
  return Number(fields[1]);
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

/** VmRSS and Pss of one process (KiB); null when it is gone. */
export function memoryOf(pid: number): { rssKiB: number; pssKiB: number | null } | null {
  const status = readOrNull(`/proc/${pid}/status`);
  if (status === null) return null;
  const rss = /^VmRSS:\s+(\d+) kB/m.exec(status);
  const rollup = readOrNull(`/proc/${pid}/smaps_rollup`);
  const pss = rollup ? /^Pss:\s+(\d+) kB/m.exec(rollup) : null;
  return { rssKiB: rss ? Number(rss[1]) : 0, pssKiB: pss ? Number(pss[1]) : null };
}

/** `rootPid` and every descendant still running, with names and memory (root first, then by pid). */
export function processTree(rootPid: number): ProcessMemory[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readOrNull(`/proc/${entry}/stat`);
    if (stat !== null) parents.set(Number(entry), parentOf(stat));
  }
  const inTree = new Set<number>([rootPid]);
  // Parents come before children in no particular order: repeat until nothing is added.
  for (let grew = true; grew; ) {
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
    result.push({ pid, ppid: parents.get(pid) ?? 0, name: processLabel(cmdline.split('\0').filter(Boolean)), ...memory });
  }
  return result;
}
