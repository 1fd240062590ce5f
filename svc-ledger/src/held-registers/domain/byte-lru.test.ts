import { ByteLru } from './byte-lru';

const lru = (max: number) => new ByteLru<string, Buffer>(max, (b) => b.length);
const bytes = (n: number) => Buffer.alloc(n);

describe('ByteLru', () => {
  it('keeps values within the byte budget, evicting the least recently used first', () => {
    const cache = lru(100);
    cache.set('a', bytes(40));
    cache.set('b', bytes(40));
    expect(cache.get('a')?.length).toBe(40); // a is now more recent than b
    cache.set('c', bytes(40));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.bytes).toBe(80);
    expect(cache.size).toBe(2);
  });

  it('replacing a key counts only its new size', () => {
    const cache = lru(100);
    cache.set('a', bytes(60));
    cache.set('a', bytes(10));
    expect(cache.bytes).toBe(10);
    cache.set('b', bytes(90));
    expect(cache.bytes).toBe(100);
    expect(cache.size).toBe(2);
  });

  it('never keeps a value bigger than the budget (and drops the old value of that key)', () => {
    const cache = lru(100);
    cache.set('a', bytes(50));
    expect(cache.set('a', bytes(101))).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('one big value can push out several small ones', () => {
    const cache = lru(100);
    for (const k of ['a', 'b', 'c', 'd']) cache.set(k, bytes(25));
    cache.set('e', bytes(70));
    expect(['a', 'b', 'c', 'd', 'e'].filter((k) => cache.get(k))).toEqual(['d', 'e']);
    expect(cache.bytes).toBe(95);
  });

  it('delete frees the bytes', () => {
    const cache = lru(100);
    cache.set('a', bytes(30));
    cache.delete('a');
    cache.delete('missing');
    expect(cache.bytes).toBe(0);
    expect(cache.size).toBe(0);
  });

  it('notes when the least recently used value was last used (set and get count as a use)', () => {
    let now = 1_000;
    const cache = new ByteLru<string, Buffer>(
      100,
      (b) => b.length,
      () => now,
    );
    expect(cache.leastRecentUse()).toBeUndefined();
    cache.set('a', bytes(10));
    now = 2_000;
    cache.set('b', bytes(10));
    expect(cache.leastRecentUse()).toBe(1_000);
    now = 3_000;
    cache.get('a');
    expect(cache.leastRecentUse()).toBe(2_000);
    cache.delete('b');
    expect(cache.leastRecentUse()).toBe(3_000);
  });
});
