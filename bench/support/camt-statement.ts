/**
 * The import benchmark's CAMT.053 statement (ISO 20022, version 001.02), generated from the same
 * seeded rows as the CSV statements (import-statement.ts): one booked entry per row, each with a
 * bank reference (AcctSvcrRef), a bank transaction code, the counterparty and the remittance text,
 * indented as banks write them.
 */
import { generateStatement, type StatementRow } from './import-statement';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const amount = (cents: number) =>
  `${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr>
      <MsgId>BENCH-CAMT-1</MsgId>
      <CreDtTm>2025-01-01T06:00:00</CreDtTm>
    </GrpHdr>
    <Stmt>
      <Id>BENCH-1</Id>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
`;
const TAIL = `    </Stmt>
  </BkToCstmrStmt>
</Document>
`;

function entry(row: StatementRow, index: number): string {
  const debit = row.cents < 0;
  const party = debit ? `<Cdtr><Nm>${escape(row.payee)}</Nm></Cdtr>` : `<Dbtr><Nm>${escape(row.payee)}</Nm></Dbtr>`;
  return `      <Ntry>
        <Amt Ccy="EUR">${amount(row.cents)}</Amt>
        <CdtDbtInd>${debit ? 'DBIT' : 'CRDT'}</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${row.date}</Dt></BookgDt>
        <ValDt><Dt>${row.date}</Dt></ValDt>
        <AcctSvcrRef>BENCH${String(index).padStart(10, '0')}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${debit ? 'CCRD' : 'RCDT'}</Cd><SubFmlyCd>${debit ? 'POSD' : 'ESCT'}</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
            <RltdPties>${party}</RltdPties>
            <RmtInf><Ustrd>${escape(row.memo)}</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>
`;
}

/** A CAMT.053 statement of just under `bytes` bytes, with its row count (seeded). */
export function camtStatementOfSize(bytes: number, seed = 14): { xml: Buffer; rows: number } {
  const rows = generateStatement(Math.ceil(bytes / 500), seed);
  const parts = [HEAD];
  let size = Buffer.byteLength(HEAD) + Buffer.byteLength(TAIL);
  let count = 0;
  for (const row of rows) {
    const text = entry(row, count + 1);
    const length = Buffer.byteLength(text);
    if (size + length > bytes) break;
    parts.push(text);
    size += length;
    count++;
  }
  parts.push(TAIL);
  return { xml: Buffer.from(parts.join('')), rows: count };
}
