/**
 * The app's Node flags (src/node-flags.ts) are the same in every way the app is started: `npm
 * start`, the container image, the cluster's service processes; and Node accepts them where they
 * are given (NODE_OPTIONS refuses flags it does not allow, and the image would not start).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_NODE_FLAGS } from '../src/node-flags';

const ROOT = join(__dirname, '..', '..');

describe('the app Node flags', () => {
  it('are given to `npm start` and to every process of the container image', () => {
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.start).toBe(`tsx ${APP_NODE_FLAGS.join(' ')} app/src/start.ts`);
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain(`NODE_OPTIONS=${APP_NODE_FLAGS.join(' ')}`);
    expect(readFileSync(join(ROOT, 'app', 'src', 'start-cluster.ts'), 'utf8')).toContain(
      "spawn(process.execPath, [...APP_NODE_FLAGS, '--import', 'tsx', entry]",
    );
  });

  it('are accepted by Node on the command line and in NODE_OPTIONS, and let the young generation grow past the default', () => {
    // Short-lived arrays that survive a collection or two, as an import's rows do: V8 grows its new
    // space to the largest it may (two semi-spaces): 32 MB by default on 64-bit Node 20, 128 MB with the flag.
    const probe = `const v8 = require('v8'); let keep = [], max = 0;
      for (let r = 0; r < 12; r++) { const a = []; for (let i = 0; i < 200000; i++) a.push({ i }); keep.push(a); if (keep.length > 2) keep.shift();
        max = Math.max(max, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size); }
      console.log(Math.round(max / 2 ** 20));`;
    const largestNewSpace = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
      Number(execFileSync(process.execPath, [...args, '-e', probe], { encoding: 'utf8', env }).trim());
    const semiSpace = Number(APP_NODE_FLAGS.find((f) => f.startsWith('--max-semi-space-size='))?.split('=')[1]);
    expect(largestNewSpace([])).toBeLessThan(2 * semiSpace);
    expect(largestNewSpace([...APP_NODE_FLAGS])).toBe(2 * semiSpace);
    expect(largestNewSpace([], { ...process.env, NODE_OPTIONS: APP_NODE_FLAGS.join(' ') })).toBe(2 * semiSpace);
  });
});
