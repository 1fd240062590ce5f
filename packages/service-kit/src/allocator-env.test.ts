import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALLOCATOR_ENV, lacksAllocatorEnv, withAllocatorEnv } from './allocator-env';

describe('allocator settings', () => {
  it('are added where the environment has no value of its own, and an own value wins', () => {
    const env = withAllocatorEnv({ PATH: '/bin', MALLOC_TRIM_THRESHOLD_: '1' });
    expect(env).toEqual({ PATH: '/bin', MALLOC_MMAP_THRESHOLD_: ALLOCATOR_ENV.MALLOC_MMAP_THRESHOLD_, MALLOC_TRIM_THRESHOLD_: '1' });
    expect(lacksAllocatorEnv(env)).toBe(false);
    expect(lacksAllocatorEnv({ MALLOC_MMAP_THRESHOLD_: '1' })).toBe(process.platform === 'linux');
  });

  it('a script that lacks them runs again with them: same arguments, its exit code passed on', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hf-allocator-'));
    try {
      const script = join(dir, 'entry.ts');
      writeFileSync(
        script,
        `import { lacksAllocatorEnv, restartWithAllocatorEnv } from ${JSON.stringify(join(__dirname, 'allocator-env'))};
if (lacksAllocatorEnv()) restartWithAllocatorEnv();
else {
  console.log(JSON.stringify({ args: process.argv.slice(2), mmap: process.env.MALLOC_MMAP_THRESHOLD_, trim: process.env.MALLOC_TRIM_THRESHOLD_ }));
  process.exit(3);
}
`,
      );
      const env = { ...process.env };
      for (const name of Object.keys(ALLOCATOR_ENV)) delete env[name];
      const run = spawnSync(process.execPath, ['--import', 'tsx', script, 'one', 'two'], { env, encoding: 'utf8', timeout: 60_000 });
      expect(run.status).toBe(3);
      if (process.platform !== 'linux') return;
      expect(JSON.parse(run.stdout.trim())).toEqual({ args: ['one', 'two'], mmap: ALLOCATOR_ENV.MALLOC_MMAP_THRESHOLD_, trim: ALLOCATOR_ENV.MALLOC_TRIM_THRESHOLD_ });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
