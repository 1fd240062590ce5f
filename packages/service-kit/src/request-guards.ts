import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, badRequest } from './errors';
import { REQUEST_MESSAGES } from './request-messages';

/**
 * Checks every service (and the gateway) makes on a request before routing it further, from
 * the raw request: they do not depend on any route, so new routes get them too.
 */

const utf8 = new TextDecoder('utf-8', { fatal: true });
const LONE_SURROGATE = /\p{Cs}/u;

/** True when the URL's path and query, percent-decoded, are valid UTF-8 without lone surrogates. */
export function urlIsValidUnicode(url: string): boolean {
  if (LONE_SURROGATE.test(url)) return false;
  if (!url.includes('%') && /^[\x00-\x7f]*$/.test(url)) return true;
  const bytes: number[] = [];
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x25 /* % */ && /^[0-9a-fA-F]{2}$/.test(url.slice(i + 1, i + 3))) {
      bytes.push(parseInt(url.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (c < 0x80) {
      bytes.push(c);
    } else {
      // Already text (light-my-request, or a client sending raw UTF-8 that Node read as latin1).
      const cp = url.codePointAt(i)!;
      if (cp > 0xffff) i++;
      bytes.push(...Buffer.from(String.fromCodePoint(cp), 'utf8'));
    }
  }
  try {
    utf8.decode(Uint8Array.from(bytes));
    return true;
  } catch {
    return false;
  }
}

/** How many times a header name occurs in the raw request (Node keeps only the first Authorization). */
export function headerCount(raw: IncomingMessage, name: string): number {
  let count = 0;
  for (let i = 0; i < raw.rawHeaders.length; i += 2) if (raw.rawHeaders[i].toLowerCase() === name) count++;
  return count;
}

/** A request body sent with a Content-Encoding other than `identity`. */
export function hasEncodedBody(raw: IncomingMessage): boolean {
  const encoding = raw.headers['content-encoding'];
  return encoding !== undefined && encoding.trim().toLowerCase() !== 'identity' && encoding.trim() !== '';
}

/** Throws the 4xx a malformed request answers with: lone or duplicated parts, encodings we refuse. */
export function guardRequest(raw: IncomingMessage): void {
  if (headerCount(raw, 'authorization') > 1) throw badRequest(REQUEST_MESSAGES.duplicateAuthorization);
  if (hasEncodedBody(raw)) throw new HttpError(415, REQUEST_MESSAGES.compressedBody);
  if (!urlIsValidUnicode(raw.url ?? '')) throw badRequest(REQUEST_MESSAGES.invalidUnicode);
}

/**
 * Fastify's `frameworkErrors`: a path the router cannot decode (`%C3%28`, `%zz`) or a parameter
 * over `maxParamLength` answers a 400 `{ message }` like every other refusal.
 */
export function answerFrameworkError(
  error: Error & { code?: string },
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? REQUEST_MESSAGES.urlTooLong
      : urlIsValidUnicode(request.raw.url ?? '')
        ? REQUEST_MESSAGES.invalidUrl
        : REQUEST_MESSAGES.invalidUnicode;
  void reply.code(400).send({ message });
}
