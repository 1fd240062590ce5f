import { Readable } from 'node:stream';
import { readStatement } from './read-statement';
import { sampleRows } from './sample-rows';

describe('sampleRows', () => {
  it('reads the first rows ahead and hands every row out once, in order', async () => {
    const text = 'Date,Payee,Amount\n' + Array.from({ length: 30 }, (_, i) => `1/${i + 1}/2024,P${i},1.00`).join('\n');
    const table = await readStatement(Readable.from([Buffer.from(text)]), { filename: 'x.csv' });
    const { sample, table: replay } = await sampleRows(table, 20);
    expect(sample).toHaveLength(20);
    expect(sample[0]).toEqual(['1/1/2024', 'P0', '1.00']);
    const payees: string[] = [];
    for await (const row of replay.rows) payees.push(row.cells[1]);
    expect(payees).toEqual(Array.from({ length: 30 }, (_, i) => `P${i}`));
    expect(replay).toMatchObject({ headers: ['Date', 'Payee', 'Amount'], encoding: 'UTF-8', delimiter: ',' });
  });
});
