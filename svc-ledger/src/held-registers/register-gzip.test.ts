import { crc32, gunzipSync } from 'node:zlib';
import { decodeCursor } from '../domain/cursor';
import { RegisterModel, type RegisterLine } from './domain/register-model';
import { crc32Combine, gzipPage, gzipRegister } from './register-gzip';

const line = (id: number): RegisterLine => ({
  id,
  date: `2025-01-${String(1 + (id % 28)).padStart(2, '0')}`,
  createdMicros: id,
  amount: -((id * 7919) % 100_000),
  status: id % 3 === 0 ? 'x' : '',
  prefix: `{"id":${id},"payee":"Payee ${(id * 31) % 997} Store","notes":"${'n'.repeat(id % 40)}"`,
});
const lines = (ids: number[]) => ids.map(line).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);

describe('gzipRegister', () => {
  it('is a standard gzip of the register, for empty, one-part and many-part registers', async () => {
    for (const rows of [0, 1, 30, 2000]) {
      const model = RegisterModel.build(
        { version: '1', startingBalance: 500 },
        lines(Array.from({ length: rows }, (_, i) => i + 1)),
        { partBytes: 8 * 1024 },
      );
      const { gzip, reused } = await gzipRegister(model);
      expect(gunzipSync(gzip).equals(model.body)).toBe(true);
      expect(reused).toBe(0);
    }
  });

  it('a later version reuses the compressed blocks of the parts it kept, and its gzip is still the register', async () => {
    const ids = Array.from({ length: 3000 }, (_, i) => i + 1);
    const model = RegisterModel.build({ version: '1', startingBalance: 0 }, lines(ids), { partBytes: 16 * 1024 });
    const first = await gzipRegister(model);
    expect(gunzipSync(first.gzip).equals(model.body)).toBe(true);
    // A row added on the last date: every part but the last is kept.
    const added = { ...line(5000), date: '2025-01-28' };
    const next = model.withChanges({ version: '2', startingBalance: 0 }, new Set([5000]), [added]);
    const second = await gzipRegister(next);
    expect(second.reused).toBe(next.parts.length - 1);
    expect(gunzipSync(second.gzip).equals(next.body)).toBe(true);
    // An edit of an early row: only the parts before it keep their blocks.
    const edited = { ...line(2), amount: 123 };
    const third = next.withChanges({ version: '3', startingBalance: 0 }, new Set([2]), [edited]);
    const gz = await gzipRegister(third);
    expect(gz.reused).toBeLessThan(3);
    expect(gunzipSync(gz.gzip).equals(third.body)).toBe(true);
  });
});

describe('crc32Combine', () => {
  it('gives the CRC-32 of two buffers one after the other, whatever their lengths', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const [a, b] of [
      [0, 0],
      [0, 5],
      [5, 0],
      [1, 1],
      [100, 3],
      [3, 70_000],
      [4096, 262_144 + 17],
    ]) {
      const left = Buffer.from(Array.from({ length: a }, () => Math.floor(random() * 256)));
      const right = Buffer.from(Array.from({ length: b }, () => Math.floor(random() * 256)));
      expect(crc32Combine(crc32(left), crc32(right), right.length)).toBe(crc32(Buffer.concat([left, right])));
    }
  });
});

describe('gzipPage', () => {
  const ids = Array.from({ length: 3000 }, (_, i) => i + 1);
  const model = RegisterModel.build({ version: '1', startingBalance: 250 }, lines(ids), { partBytes: 16 * 1024 });
  const last = model.pageSlices({ limit: 1 });
  const cursorOf = (page: Buffer) => JSON.parse(page.toString()).prev_cursor as string;

  it('is a standard gzip of the page, for pages inside one part, across parts and of the whole register', async () => {
    const first = model.page({ limit: 700 });
    const before = decodeCursor(cursorOf(first))!;
    for (const options of [
      { limit: 1 },
      { limit: 10 },
      { limit: 700 },
      { limit: 2000, before },
      { limit: 5000 },
      { limit: 100, after: before },
      { limit: 0 },
    ]) {
      const { gzip } = await gzipPage(model.pageSlices(options));
      expect(gunzipSync(gzip).toString()).toBe(model.page(options).toString());
    }
    expect(last.parts.every((p) => p === null)).toBe(true);
  });

  it('a page that holds whole parts uses their blocks, made once and kept with the parts (the register gzip reuses them)', async () => {
    const fresh = RegisterModel.build({ version: '1', startingBalance: 0 }, lines(ids), { partBytes: 16 * 1024 });
    const slices = fresh.pageSlices({ limit: 2000 });
    const whole = slices.parts.filter((p) => p !== null).length;
    expect(whole).toBeGreaterThan(3);
    expect((await gzipPage(slices)).made).toBe(whole);
    const again = await gzipPage(fresh.pageSlices({ limit: 2000 }));
    expect(again.made).toBe(0);
    expect(gunzipSync(again.gzip).equals(fresh.page({ limit: 2000 }))).toBe(true);
    expect((await gzipRegister(fresh)).reused).toBe(whole);
  });
});
