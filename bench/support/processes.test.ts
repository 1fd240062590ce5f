import { spawn } from 'node:child_process';
import { parseStat, processLabel, processTree } from './processes';

describe('processLabel', () => {
  it('names services, the gateway and the bench app by their entry file', () => {
    expect(processLabel(['/usr/bin/node', '--import', 'tsx', '/repo/svc-ledger/src/server.ts'])).toBe('svc-ledger');
    expect(processLabel(['/usr/bin/node', '--import', 'tsx', '/repo/gateway/src/server.ts'])).toBe('gateway');
    expect(processLabel(['/usr/bin/node', '--import', 'tsx', '/repo/bench/support/app-process.ts', '--child'])).toBe(
      'app (gateway + services)',
    );
    expect(processLabel(['/usr/bin/node', '/repo/node_modules/tsx/dist/cli.mjs', 'bench/run.ts'])).toBe('dist/cli.mjs');
  });

  it("names PostgreSQL's processes by their title, every backend alike", () => {
    expect(processLabel(['/x/native/bin/postgres', '-D', '/tmp/pgdata', '-p', '5'])).toBe('postgres: postmaster');
    expect(processLabel(['postgres: checkpointer '])).toBe('postgres: checkpointer');
    expect(processLabel(['postgres: io worker 2'])).toBe('postgres: io worker 2');
    expect(processLabel(['postgres: postgres hf_ledger 127.0.0.1(53290) idle in transaction'])).toBe(
      'postgres: backend',
    );
  });

  it('falls back to the executable name', () => {
    expect(processLabel(['/usr/sbin/nats-server', '-p', '4222'])).toBe('nats-server');
    expect(processLabel([])).toBe('?');
  });
});

describe('parseStat', () => {
  it('reads the parent pid and user + system CPU after a command name holding spaces and parentheses', () => {
    const stat = '4242 (node (x) y) S 17 4242 4242 0 -1 4194560 3386 0 0 0 1234 56 0 0 20 0 11 0 2716 1184 9999';
    expect(parseStat(stat)).toEqual({ ppid: 17, cpuMs: 12_900 });
  });
});

describe('processTree', () => {
  it('lists this process first, then a child and its child, with memory', async () => {
    const child = spawn('sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore' });
    try {
      let tree = processTree(process.pid);
      for (let i = 0; i < 100 && !tree.some((p) => p.name === 'sleep'); i++) {
        await new Promise((r) => setTimeout(r, 20));
        tree = processTree(process.pid);
      }
      expect(tree[0].pid).toBe(process.pid);
      expect(tree[0].rssKiB).toBeGreaterThan(0);
      const shell = tree.find((p) => p.pid === child.pid);
      expect(shell?.ppid).toBe(process.pid);
      const sleeper = tree.find((p) => p.name === 'sleep');
      expect(sleeper?.ppid).toBe(child.pid);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
