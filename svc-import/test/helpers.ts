import { randomBytes } from 'node:crypto';
import { startMirrorStack, type Call, type Json, type Stack } from '@hf/test-kit/mirror-stack';
import { startedForFile } from '@hf/test-kit/started-for-file';
import { buildApp } from '../src/app';

export * from '@hf/test-kit/mirror-stack';

// Two cores are shared by many runs: give database setup and teardown room.
jest.setTimeout(120_000);

/** svc-ledger and svc-import side by side (svc-import calls the ledger's internal routes over HTTP). */
export function startImportStack(today = '2024-03-31'): Promise<Stack> {
  return startMirrorStack((options) => buildApp({ ...options, today: () => today }), 'inprocess', 'import');
}

/** The import stack of one test file: started before its tests and closed after them. */
export function importStackForFile(today?: string): Stack {
  return startedForFile(() => startImportStack(today));
}

export type Part =
  { name: string; value: string } | { name: string; filename: string; content: Buffer | string; type?: string };

/** A multipart/form-data body, parts in the order given. */
export function multipart(parts: Part[]): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----hf${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'text/csv'}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
      chunks.push(Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST a file (and a mapping, sent before it) to an upload route. */
export function upload(
  call: Call,
  url: string,
  content: Buffer | string,
  options: { filename?: string; mapping?: unknown } = {},
) {
  const parts: Part[] = [];
  if (options.mapping !== undefined) parts.push({ name: 'mapping', value: JSON.stringify(options.mapping) });
  parts.push({ name: 'file', filename: options.filename ?? 'statement.csv', content });
  const { body, headers } = multipart(parts);
  return call('POST', url, body, headers);
}

export const SINGLE_MAPPING = { date: 'Date', payee: 'Description', amount_type: 'single', amount: 'Amount' } as const;

/** The account's register rows (ledger), oldest first. */
export async function registerRows(ledger: Call, accountId: number): Promise<Json[]> {
  const res = await ledger('GET', `/api/accounts/${accountId}/transactions`);
  if (res.status !== 200) throw new Error(`register ${res.status} ${res.text}`);
  return res.body;
}

export async function account(ledger: Call, accountId: number): Promise<Json> {
  const res = await ledger('GET', `/api/accounts/${accountId}`);
  if (res.status !== 200) throw new Error(`account ${res.status} ${res.text}`);
  return res.body;
}
