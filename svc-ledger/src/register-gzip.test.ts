import { gunzipSync } from 'node:zlib';
import { RegisterModel, type RegisterLine } from './domain/register-model';
import { gzipRegister } from './register-gzip';

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
      const model = RegisterModel.build({ version: '1', startingBalance: 500 }, lines(Array.from({ length: rows }, (_, i) => i + 1)), { partBytes: 8 * 1024 });
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
