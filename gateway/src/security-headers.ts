import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The strict policy: everything from our origin, no inline script or style, no framing. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

/**
 * The security headers helmet produces for our policy, computed once. (@fastify/helmet builds a
 * new helmet middleware, re-parsing the CSP, on every request.)
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Plain http on localhost in the default mode: the deployment's TLS terminator adds HSTS.
    strictTransportSecurity: false,
  });
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as never, res as never, () => undefined);
  return headers;
}

/** Sets the security headers on every answer: API, static files, errors and 404s. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
