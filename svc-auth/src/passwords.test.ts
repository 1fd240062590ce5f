import bcrypt from 'bcryptjs';
import { readdirSync, readFileSync } from 'node:fs';
import { PASSWORD_THREAD_NICE, PasswordHasher } from './passwords';

/** The nice value of each thread of this process (Linux). */
const threadNices = () =>
  readdirSync('/proc/self/task').map((tid) =>
    Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]),
  );

describe('PasswordHasher (bcrypt on a thread of its own)', () => {
  const hasher = new PasswordHasher();
  afterAll(() => hasher.close());

  it('hashes as bcryptjs does and compares both ways', async () => {
    const hash = await hasher.hash('correct horse battery 9', 4);
    expect(hash).toMatch(/^\$2b\$04\$/);
    expect(bcrypt.compareSync('correct horse battery 9', hash)).toBe(true);
    expect(await hasher.compare('correct horse battery 9', hash)).toBe(true);
    expect(await hasher.compare('wrong', hash)).toBe(false);
    expect(await hasher.compare('', bcrypt.hashSync('x', 4))).toBe(false);
  });

  it('answers each of many concurrent requests with its own result', async () => {
    const hashes = await Promise.all(['a', 'b', 'c', 'd'].map((p) => hasher.hash(p, 4)));
    const checks = await Promise.all(hashes.flatMap((h, i) => [hasher.compare('abcd'[i], h), hasher.compare('x', h)]));
    expect(checks).toEqual([true, false, true, false, true, false, true, false]);
  });

  it('rejects what bcrypt refuses, and goes on', async () => {
    await expect(hasher.hash('p', 'not a cost' as unknown as number)).rejects.toThrow();
    expect(await hasher.compare('p', await hasher.hash('p', 4))).toBe(true);
  });

  it('hashes on a thread of lower CPU priority than the rest of the process (Linux)', async () => {
    if (process.platform !== 'linux') return;
    await hasher.hash('p', 4);
    const after = threadNices();
    expect(after.filter((n) => n === PASSWORD_THREAD_NICE)).toHaveLength(1);
    expect(after.filter((n) => n === 0).length).toBeGreaterThan(1);
  });

  it('starts a new thread after close()', async () => {
    const other = new PasswordHasher();
    const hash = await other.hash('p', 4);
    await other.close();
    expect(await other.compare('p', hash)).toBe(true);
    await other.close();
  });
});
