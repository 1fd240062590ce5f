import { importStackForFile, openAccount, upload, type Json } from './helpers';

const stack = importStackForFile();

const OFX = (ids: string[]) =>
  `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>${ids
    .map(
      (id, i) =>
        `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>2024030${i + 1}<TRNAMT>-${i + 1}.00<FITID>${id}<NAME>Shop ${id}</STMTTRN>`,
    )
    .join('')}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;

async function recorded(householdId: number, accountId: number): Promise<string[]> {
  const found = await stack.reports.db.query<{ key: string }>(
    'SELECT key FROM import_keys WHERE household_id = $1 AND account_id = $2 ORDER BY key',
    [householdId, accountId],
  );
  return found.rows.map((r) => r.key);
}

describe('import keys (the bank ids of imported rows)', () => {
  test('an import_new answered again under its Idempotency-Key records each key once and answers as the first time', async () => {
    const ledger = stack.ledgerAs(340);
    const call = stack.reportsAs(340);
    const accountId = await openAccount(ledger, 'Bank', 0);
    const url = `/api/import/${accountId}/import_new`;
    const rows = [
      { date: '2024-03-01', payee: 'Shop', amount: -1, notes: '', fitid: 'A1' },
      { date: '2024-03-02', payee: 'Bakery', amount: -2, notes: '', fitid: 'A2' },
    ];
    const headers = { 'idempotency-key': 'keys-once' };
    const first = await call('POST', url, { transactions: rows }, headers);
    expect(first.status).toBe(200);
    expect(await recorded(340, accountId)).toEqual(['fitid:A1', 'fitid:A2']);
    const retry = await call('POST', url, { transactions: rows }, headers);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await recorded(340, accountId)).toEqual(['fitid:A1', 'fitid:A2']);
  });

  test('a statement imported again finds its rows by their bank ids (the keys recorded by the first import)', async () => {
    const ledger = stack.ledgerAs(341);
    const call = stack.reportsAs(341);
    const accountId = await openAccount(ledger, 'Bank', 0);
    const first = await upload(call, `/api/import/${accountId}`, OFX(['B1', 'B2']), { filename: 'march.ofx' });
    expect(first.status).toBe(200);
    const imported = await call(
      'POST',
      `/api/import/${accountId}/import_new`,
      { transactions: first.body.new },
      { 'idempotency-key': 'first-ofx' },
    );
    expect(imported.status).toBe(200);
    expect(await recorded(341, accountId)).toEqual(['fitid:B1', 'fitid:B2']);
    const again = await upload(call, `/api/import/${accountId}`, OFX(['B1', 'B2', 'B3']), { filename: 'march.ofx' });
    expect(again.status).toBe(200);
    expect(again.body.new.map((r: Json) => r.fitid)).toEqual(['B3']);
    expect(again.body.duplicates.map((d: Json) => d.imported.fitid)).toEqual(['B1', 'B2']);
  });
});
