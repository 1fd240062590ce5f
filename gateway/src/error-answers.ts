import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { HttpError } from '@hf/service-kit';
import { BODY_TOO_LARGE_MESSAGE } from './proxy';

const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/**
 * The gateway's own refusals as `{ message }`: its HttpErrors as they are, a too-large body 413,
 * other 4xx a fixed text, anything else a logged 500 that says nothing of the cause.
 */
export function registerErrorAnswers(app: FastifyInstance): void {
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).send({ message: err.message });
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ message: BODY_TOO_LARGE_MESSAGE });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply
        .code(err.statusCode)
        .send({ message: err.statusCode === 404 ? 'Not found.' : 'The request could not be processed.' });
    }
    request.log.error({ err }, 'gateway error');
    return reply.code(500).send({ message: 'Something went wrong. Please try again.' });
  });
}

/** Rate limiting, off by default (the public credential routes turn it on): a 429 with Retry-After. */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const error = new HttpError(429, RATE_LIMIT_MESSAGE);
      (error as HttpError & { retryAfter?: string }).retryAfter = context.after;
      return error;
    },
  });
}
