/**
 * A real local SMTP server for browser tests: every accepted message is written as one JSON file
 * ({ from, to, subject, text, html, raw, receivedAt }) into a directory that the tests read.
 * No mail parser installs here (stack-notes), so a small MIME decoder covers what nodemailer sends:
 * multipart/alternative with quoted-printable, base64, 7bit or 8bit parts.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
  receivedAt: string;
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function splitHeaders(raw: string): MimePart {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  let last = '';
  for (const line of head.split('\n')) {
    if (/^[ \t]/.test(line) && last) {
      headers.set(last, `${headers.get(last)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    headers.set(last, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(ch, 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** RFC 2047 encoded words in headers (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_m, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function collectParts(part: MimePart, out: { text: string; html: string }): void {
  const type = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(part.headers.get('content-type') ?? '')?.[1];
    if (!boundary) return;
    const pieces = part.body.split(`--${boundary}`);
    for (const piece of pieces.slice(1)) {
      if (piece.startsWith('--')) break;
      collectParts(splitHeaders(piece.replace(/^\n/, '')), out);
    }
    return;
  }
  const decoded = decodeBody(part);
  if (type.startsWith('text/html')) out.html += decoded;
  else if (type.startsWith('text/plain')) out.text += decoded;
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): CapturedMail {
  const top = splitHeaders(raw);
  const out = { text: '', html: '' };
  collectParts(top, out);
  return {
    from: envelope.from,
    to: envelope.to,
    subject: decodeHeader(top.headers.get('subject') ?? ''),
    text: out.text,
    html: out.html,
    raw,
    receivedAt: new Date().toISOString(),
  };
}

export interface RunningMailCapture {
  url: string;
  port: number;
  stop: () => Promise<void>;
}

/** Starts the SMTP server on a loopback port (0 = any free one) and writes messages into `mailDir`. */
export async function startMailCapture(mailDir: string, port = 0): Promise<RunningMailCapture> {
  mkdirSync(mailDir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    banner: 'e2e mail capture',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        try {
          const raw = Buffer.concat(chunks).toString('utf8');
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          };
          const mail = parseMail(raw, envelope);
          counter += 1;
          const name = `${Date.now()}-${process.pid}-${counter}.json`;
          // Write then rename, so a polling reader never sees half a file.
          writeFileSync(join(mailDir, `${name}.part`), JSON.stringify(mail, null, 2));
          renameSync(join(mailDir, `${name}.part`), join(mailDir, name));
          callback();
        } catch (err) {
          callback(err as Error);
        }
      });
    },
  });
  const actualPort = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
