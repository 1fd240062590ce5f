/**
 * The formats that name their own columns, read from files written like real exports: OFX 2 with
 * CDATA payees, QIF without payee lines, CAMT.053 (001.02 and 001.08 shapes), and the XML files
 * that must be refused (DOCTYPE with an external entity, billion laughs, not a statement).
 */
import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { StatementError, type StatementTable, type TableRow } from '../domain/statement';
import { DOCTYPE_MESSAGE, NOT_CAMT_MESSAGE, entryRows, type Leaves } from './camt-records';
import { formatMapping } from './format-mappings';
import { mapRows } from './map-rows';
import { readStatement } from './read-statement';

const FIXTURES = join(__dirname, '../../test/fixtures');
const TODAY = '2024-03-31';

async function read(name: string, filename = name): Promise<{ table: StatementTable; rows: TableRow[] }> {
  const table = await readStatement(createReadStream(join(FIXTURES, name)), { filename });
  const rows: TableRow[] = [];
  for await (const row of table.rows) rows.push(row);
  return { table, rows };
}

/** The file read and mapped by its format's own mapping, as an import without `mapping` does. */
async function mapped(name: string) {
  const table = await readStatement(createReadStream(join(FIXTURES, name)), { filename: name });
  const mapping = formatMapping(table.fileType);
  if (!mapping) throw new Error(`${name} has no format mapping`);
  return { table, result: await mapRows(table, mapping, { today: TODAY }) };
}

async function refusal(text: string, filename = 'statement.xml'): Promise<StatementError> {
  try {
    const table = await readStatement(Readable.from([Buffer.from(text)]), { filename });
    for await (const row of table.rows) void row;
  } catch (error) {
    if (error instanceof StatementError) return error;
    throw error;
  }
  throw new Error('expected a StatementError');
}

describe('OFX 2 (XML) with CDATA', () => {
  it('reads the payees and memos written as CDATA, entities decoded only outside it', async () => {
    const { table, rows } = await read('ofx-v2-cdata.ofx');
    expect(table.fileType).toBe('ofx');
    expect(rows.map((r) => r.cells)).toEqual([
      ['2024-02-05', 'AMAZON MKTPL*AB12C <WA>', '-42.17', 'Order 113-4 & gift wrap', 'DEBIT', '', '2024020501'],
      ['2024-02-15', 'ACME CORP PAYROLL', '2310.55', '', 'CREDIT', '', '2024021501'],
      ['2024-02-20', 'Check & Co. Landscaping', '-85.00', '', 'CHECK', '1042', '2024022001'],
    ]);
  });

  it('every row is imported under the format mapping (none skipped for a missing payee)', async () => {
    const { result } = await mapped('ofx-v2-cdata.ofx');
    expect(result.skipped).toEqual([]);
    expect(result.rows.map((r) => [r.payee, r.amountCents, r.fitid])).toEqual([
      ['AMAZON MKTPL*AB12C <WA>', -4217, '2024020501'],
      ['ACME CORP PAYROLL', 231055, '2024021501'],
      ['Check & Co. Landscaping', -8500, '2024022001'],
    ]);
  });
});

describe('QIF without payee lines', () => {
  it('takes the memo, else the category text, as payee, and says so', async () => {
    const { table, rows } = await read('quicken-no-payee.qif');
    expect(rows.map((r) => r.cells.slice(0, 5))).toEqual([
      ['03/04/2024', 'WHOLE FOODS #102', '-23.40', 'WHOLE FOODS #102', 'Groceries'],
      ['03/05/2024', 'Auto:Fuel', '-60.00', '', 'Auto:Fuel'],
      ['03/08/2024', 'ACME PAYROLL', '1,800.00', 'Salary March', 'Income:Salary'],
      ['03/09/2024', 'SPOTIFY P1A2B3', '-12.99', 'SPOTIFY P1A2B3', ''],
    ]);
    expect(table.notices).toEqual([
      'The file has no payee for 3 rows: the payee is the memo for 2 rows and the category for 1 row.',
    ]);
  });

  it('no row is dropped', async () => {
    const { result } = await mapped('quicken-no-payee.qif');
    expect(result.skipped).toEqual([]);
    expect(result.rows.map((r) => [r.date, r.payee, r.amountCents])).toEqual([
      ['2024-03-04', 'WHOLE FOODS #102', -2340],
      ['2024-03-05', 'Auto:Fuel', -6000],
      ['2024-03-08', 'ACME PAYROLL', 180000],
      ['2024-03-09', 'SPOTIFY P1A2B3', -1299],
    ]);
  });

  it('a file whose rows all have payees has no notice', async () => {
    const { table } = await read('quicken-bank.qif');
    expect(table.notices).toEqual([]);
  });
});

describe('CAMT.053 001.02', () => {
  it('one row per entry, or per TxDtls of a batch; sign from CdtDbtInd; bank id from AcctSvcrRef', async () => {
    const { table, rows } = await read('camt053-v02.xml');
    expect(table.fileType).toBe('camt');
    expect(table.headers).toEqual(['Date', 'Payee', 'Amount', 'Notes', 'Status', 'AcctSvcrRef']);
    expect(rows.map((r) => r.cells)).toEqual([
      ['2024-02-05', 'REWE Markt GmbH', '-45.90', 'Karte 1234 04.02. 18:22', 'BOOK', '2024020512345'],
      ['2024-02-15', 'Arbeitgeber AG', '2875.00', 'Gehalt Februar Personalnr. 4711', 'BOOK', '2024021500077'],
      ['2024-02-20', 'Stadtwerke Köln', '-89.00', 'Abschlag Strom & Gas', 'BOOK', '2024022000311-A'],
      ['2024-02-20', 'Telekom Deutschland', '-41.50', 'Rechnung 02/2024', 'BOOK', '2024022000311-B'],
      // No BookgDt: the value date; no counterparty: the entry's description.
      ['2024-02-29', 'Kontofuehrungsgebuehr', '-4.90', 'Kontofuehrungsgebuehr', 'BOOK', '2024022900001'],
      ['2024-02-29', 'Streaming Dienst', '-19.99', '', 'PDNG', '2024022900002'],
    ]);
    expect(rows.map((r) => r.skipReason)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      'Not booked (status PDNG)',
    ]);
    expect(table.notices).toEqual([
      "The statement names no counterparty for 1 row: the payee is the entry's description or remittance text.",
    ]);
  });

  it('under the format mapping: amounts in cents, the pending entry skipped with its reason', async () => {
    const { result } = await mapped('camt053-v02.xml');
    expect(result.rows.map((r) => [r.date, r.payee, r.amountCents, r.fitid])).toEqual([
      ['2024-02-05', 'REWE Markt GmbH', -4590, '2024020512345'],
      ['2024-02-15', 'Arbeitgeber AG', 287500, '2024021500077'],
      ['2024-02-20', 'Stadtwerke Köln', -8900, '2024022000311-A'],
      ['2024-02-20', 'Telekom Deutschland', -4150, '2024022000311-B'],
      ['2024-02-29', 'Kontofuehrungsgebuehr', -490, '2024022900001'],
    ]);
    // Written by hand from the file: 2875.00 - 45.90 - 89.00 - 41.50 - 4.90.
    expect(result.rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(269370);
    expect(result.skipped).toEqual([
      {
        row_number: 6,
        reason: 'Not booked (status PDNG)',
        data: ['2024-02-29', 'Streaming Dienst', '-19.99', '', 'PDNG', '2024022900002'],
      },
    ]);
  });
});

describe('CAMT.053 character sets', () => {
  it('UTF-8 with a BOM, UTF-16 LE with a BOM and ISO-8859-1 read the same rows', async () => {
    const text = readFileSync(join(FIXTURES, 'camt053-v02.xml'), 'utf8');
    const files = [
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      Buffer.from(text.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'latin1'),
    ];
    for (const file of files) {
      const table = await readStatement(Readable.from([file]), { filename: 'auszug.xml' });
      const payees: string[] = [];
      for await (const row of table.rows) payees.push(row.cells[1]);
      expect(table.fileType).toBe('camt');
      expect(payees).toEqual([
        'REWE Markt GmbH',
        'Arbeitgeber AG',
        'Stadtwerke Köln',
        'Telekom Deutschland',
        'Kontofuehrungsgebuehr',
        'Streaming Dienst',
      ]);
    }
  });
});

describe('CAMT.053 001.08', () => {
  it('reads Sts/Cd, Pty/Nm, DtTm, TxDtls amounts, prefixed elements; a batch without its own refs numbered', async () => {
    const { table, rows } = await read('camt053-v08.xml');
    expect(table.fileType).toBe('camt');
    expect(rows.map((r) => [...r.cells, r.skipReason ?? ''])).toEqual([
      ['2024-03-01', 'Immobilien Zürich AG', '-1250.00', 'Miete März 2024', 'BOOK', 'ZKB-240301-0001', ''],
      ['2024-03-04', 'Galaxus AG', '86.40', 'Rueckerstattung Bestellung 5521', 'BOOK', 'ZKB-240304-0007', ''],
      ['2024-03-06', 'Swisscom', '-35.00', '', 'BOOK', 'ZKB-240306-0002/1', ''],
      ['2024-03-06', 'Serafe AG', '-25.00', 'Radio- und TV-Abgabe', 'BOOK', 'ZKB-240306-0002/2', ''],
      [
        '2024-03-07',
        'Vormerkung Karte',
        '-12.00',
        'Vormerkung Karte',
        'Info',
        'ZKB-240307-0003',
        'Not booked (status Info)',
      ],
    ]);
  });

  it('a .xml file is recognised by its content whatever its name', async () => {
    const { table } = await read('camt053-v08.xml', 'export.txt');
    expect(table.fileType).toBe('camt');
  });
});

describe('CAMT entries (pure)', () => {
  const leaves = (entries: Record<string, string | string[]>): Leaves =>
    new Map(Object.entries(entries).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));

  it('a batch whose TxDtls lack their own amounts stays one row of the entry amount', () => {
    const rows = entryRows(
      leaves({ Amt: '30.00', CdtDbtInd: 'DBIT', Sts: 'BOOK', 'BookgDt/Dt': '2024-01-02', AcctSvcrRef: 'R1' }),
      [leaves({ 'RltdPties/Cdtr/Nm': 'Shop A' }), leaves({ 'RltdPties/Cdtr/Nm': 'Shop B' })],
    );
    expect(rows.map((r) => r.cells)).toEqual([['2024-01-02', 'Shop A', '-30.00', '', 'BOOK', 'R1']]);
  });

  it('a credit takes the debtor as payee, a debit the creditor', () => {
    const parties = { 'RltdPties/Dbtr/Nm': 'Debtor Ltd', 'RltdPties/Cdtr/Nm': 'Creditor Ltd' };
    const entry = (ind: string) => leaves({ Amt: '5', CdtDbtInd: ind, 'BookgDt/Dt': '2024-01-02' });
    expect(entryRows(entry('CRDT'), [leaves(parties)])[0].cells.slice(1, 3)).toEqual(['Debtor Ltd', '5']);
    expect(entryRows(entry('DBIT'), [leaves(parties)])[0].cells.slice(1, 3)).toEqual(['Creditor Ltd', '-5']);
  });

  it('"Book" in any case is booked; a missing or unknown indicator skips the row naming it', () => {
    const base = { Amt: '1.00', 'BookgDt/Dt': '2024-01-02', AddtlNtryInf: 'x' };
    expect(entryRows(leaves({ ...base, CdtDbtInd: 'CRDT', 'Sts/Prtry': 'Book' }), [])[0].skipReason).toBeUndefined();
    expect(entryRows(leaves({ ...base }), [])[0].skipReason).toBe('Missing CdtDbtInd');
    expect(entryRows(leaves({ ...base, CdtDbtInd: 'XX' }), [])[0].skipReason).toBe('Unknown CdtDbtInd "XX"');
  });
});

describe('XML files refused', () => {
  it('a DOCTYPE with an external entity (XXE) is refused before any entity is read', async () => {
    const error = await refusal(readFileSync(join(FIXTURES, 'camt-xxe.xml'), 'utf8'), 'camt-xxe.xml');
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(DOCTYPE_MESSAGE);
  });

  it('billion laughs is refused the same way, at once', async () => {
    const error = await refusal(readFileSync(join(FIXTURES, 'camt-billion-laughs.xml'), 'utf8'));
    expect(error.message).toBe(DOCTYPE_MESSAGE);
  });

  it('an entity reference without a DOCTYPE is not well formed', async () => {
    const error = await refusal(
      '<?xml version="1.0"?><Document><BkToCstmrStmt><Stmt><Ntry><Amt>&xxe;</Amt></Ntry></Stmt></BkToCstmrStmt></Document>',
    );
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/^The XML file is not well formed: .*undefined entity/);
  });

  it('XML that is not a bank-to-customer statement is named as such', async () => {
    const pain =
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>';
    expect((await refusal(pain)).message).toBe(NOT_CAMT_MESSAGE);
    expect((await refusal('<?xml version="1.0"?><rss><channel/></rss>')).message).toBe(NOT_CAMT_MESSAGE);
  });

  it('a cut-off statement is not well formed', async () => {
    const cut =
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Ntry><Amt>1.00</Amt>';
    expect((await refusal(cut)).message).toMatch(/^The XML file is not well formed/);
  });
});
