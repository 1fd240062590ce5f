import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IdParams } from '@hf/contracts';
import { RegisterPage, RegisterQuery } from '@hf/contracts/ledger';
import {
  badRequest,
  JSON_ANSWER_TYPE,
  notFound,
  sendJsonAnswer,
  sendJsonAnswerWith,
  identityOf,
} from '@hf/service-kit';
import { decodeCursor } from '../domain/cursor';
import { etagMatches, registerEtag } from '../held-registers/domain/http-cache';
import type { RegisterPageOptions } from '../held-registers/domain/register-model';
import { REGISTER_WARM_ROWS } from '../held-registers/register-cache';
import { registerHead, type RegisterHead } from '../repositories/accounts';
import { registerPage } from '../repositories/transactions';
import { ACCOUNT_NOT_FOUND, LEDGER_ERRORS } from '../route-helpers';

type RegisterRequest = FastifyRequest<{ Params: IdParams; Querystring: RegisterQuery }>;

/** The register: the full list (the spec's plain array) or a page of it, from the held registers when they can answer. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: IdParams; Querystring: RegisterQuery }>(
    '/api/accounts/:id/transactions',
    // The 200 answer is either the plain array (no paging parameters) or a RegisterPage; each is
    // serialised with its own compiled schema below (an anyOf would validate every row).
    { schema: { params: IdParams, querystring: RegisterQuery, response: LEDGER_ERRORS } },
    async (request, reply) => {
      const { householdId } = identityOf(request);
      const { limit, before, after } = request.query;
      if (limit === undefined && before === undefined && after === undefined)
        return sendFullRegister(app, request, reply, householdId);
      const account = await registerHead(app.db, householdId, request.params.id);
      if (!account) throw notFound(ACCOUNT_NOT_FOUND);
      reply.type(JSON_ANSWER_TYPE);
      if (before !== undefined && after !== undefined) throw badRequest('Give either "before" or "after", not both.');
      const cursorText = before ?? after;
      const position = cursorText === undefined ? undefined : decodeCursor(cursorText);
      if (position === null) throw badRequest('The paging cursor is not valid.');
      const options = {
        limit: limit ?? 200,
        before: before !== undefined ? position : undefined,
        after: after !== undefined ? position : undefined,
      };
      return sendRegisterPage(app, request, reply, account, options);
    },
  );
}

/**
 * The full register, from the register cache. One household-scoped primary-key read gives the
 * account's register version (a foreign or deleted id is 404 here, before the cache is looked
 * at); a matching If-None-Match is 304; otherwise the cached body of that version (see
 * held-registers/) is sent as one Buffer with its length, gzip'ed (level 1, once per version)
 * when the client accepts gzip. It has RegisterRows' shape. `private, no-cache`: browsers keep it
 * and revalidate with the ETag; shared caches don't.
 */
async function sendFullRegister(
  app: FastifyInstance,
  request: RegisterRequest,
  reply: FastifyReply,
  householdId: number,
): Promise<FastifyReply> {
  const head = await registerHead(app.db, householdId, request.params.id);
  if (!head) throw notFound(ACCOUNT_NOT_FOUND);
  reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  const etag = registerEtag(head.id, head.register_version);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).header('etag', etag).send();
  const entry = await app.registerCache.get(householdId, head.id, head.register_version);
  if (!entry) throw notFound(ACCOUNT_NOT_FOUND);
  reply.header('etag', entry.etag);
  return sendJsonAnswerWith(
    request,
    reply,
    entry.model.length,
    () => entry.model.body,
    () => app.registerCache.gzipped(entry),
  );
}

/**
 * A page of the register. A register held in memory (any version: bringing it up to date costs
 * the changed rows) answers with a slice of it; otherwise PostgreSQL reads the page, and a large
 * register is loaded in the background for the pages that follow.
 */
async function sendRegisterPage(
  app: FastifyInstance,
  request: RegisterRequest,
  reply: FastifyReply,
  account: RegisterHead,
  options: RegisterPageOptions,
): Promise<FastifyReply> {
  const householdId = identityOf(request).householdId;
  if (app.registerCache.holds(householdId, account.id)) {
    const entry = await app.registerCache.get(householdId, account.id, account.register_version);
    if (!entry) throw notFound(ACCOUNT_NOT_FOUND);
    // Gzip'ed from the model's parts, whose whole-part blocks are kept (register-gzip.ts); the rows are not copied.
    const slices = entry.model.pageSlices(options);
    return sendJsonAnswerWith(
      request,
      reply,
      slices.length,
      () => Buffer.concat(slices.pieces),
      () => app.registerCache.gzippedPage(entry, slices),
    );
  }
  const page = await registerPage(app.db, householdId, account, options);
  if (page.total >= REGISTER_WARM_ROWS)
    app.registerCache.warm(householdId, account.id, account.register_version, (err) =>
      request.log.warn({ err }, 'register load failed'),
    );
  // Pages are gzip'ed here (level 1, zlib's thread pool), like the full register: left to the
  // gateway, each 5,000-row page would be brotli-compressed on its event loop.
  return sendJsonAnswer(
    request,
    reply,
    Buffer.from(
      reply.serializeInput(
        page as unknown as Record<string, unknown>,
        RegisterPage as unknown as Record<string, unknown>,
      ),
    ),
  );
}
