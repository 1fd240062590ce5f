import type { ServiceRoute } from '@hf/contracts';
import { mergeOpenApi, openApiPath, type OpenApiDocument } from '../src/openapi-merge';

const ledger: ServiceRoute = {
  name: 'svc-ledger',
  key: 'LEDGER',
  prefixes: ['/api/accounts'],
  defaultPort: 1,
  database: 'x',
  eventSubjects: ['ledger.>'],
};
const auth: ServiceRoute = {
  name: 'svc-auth',
  key: 'AUTH',
  prefixes: ['/api/users'],
  defaultPort: 2,
  database: 'y',
  eventSubjects: ['auth.>'],
};
const options = { title: 'T', version: '1', publicRoutes: [{ method: 'POST', url: '/api/users/login' }] };

function doc(paths: OpenApiDocument['paths'], schemas: Record<string, unknown> = {}): OpenApiDocument {
  return { openapi: '3.1.0', info: { title: 's', version: '1' }, paths, components: { schemas } };
}

describe('openApiPath', () => {
  it('writes Fastify parameters the OpenAPI way and drops a trailing slash', () => {
    expect(openApiPath('/api/accounts/')).toBe('/api/accounts');
    expect(openApiPath('/api/household/invitations/:token')).toBe('/api/household/invitations/{token}');
    expect(openApiPath('/')).toBe('/');
  });
});

describe('mergeOpenApi', () => {
  it("keeps only the paths the gateway routes to each service, with the gateway's security", () => {
    const merged = mergeOpenApi(
      [
        {
          service: ledger,
          document: doc({
            '/api/accounts/': { get: { responses: {} } },
            '/healthz': { get: { responses: {} } },
            '/api/users/me': { get: { responses: {} } },
          }),
        },
        {
          service: auth,
          document: doc({
            '/api/users/login': { post: { security: [], responses: {} } },
            '/api/users/me': { get: { security: [], responses: {} } },
          }),
        },
      ],
      options,
    );
    expect(Object.keys(merged.paths)).toEqual(['/api/accounts', '/api/users/login', '/api/users/me']);
    expect(merged.paths['/api/users/login'].post).toMatchObject({ security: [] });
    // Public in the service is not enough: the gateway asks for a token on every route not in its public list.
    expect(merged.paths['/api/users/me'].get).toMatchObject({
      security: [{ bearerAuth: [] }],
      responses: { 401: expect.any(Object), 503: expect.any(Object) },
    });
  });

  it("prefixes each service's named schemas and the references to them", () => {
    const ref = { $ref: '#/components/schemas/def-0' };
    const merged = mergeOpenApi(
      [
        {
          service: ledger,
          document: doc(
            { '/api/accounts': { get: { responses: { 200: { content: { 'application/json': { schema: ref } } } } } } },
            { 'def-0': { type: 'object', properties: { child: ref } } },
          ),
        },
        { service: auth, document: doc({}, { 'def-0': { type: 'string' } }) },
      ],
      options,
    );
    expect(merged.components?.schemas).toMatchObject({
      'svc-ledger.def-0': { type: 'object', properties: { child: { $ref: '#/components/schemas/svc-ledger.def-0' } } },
      'svc-auth.def-0': { type: 'string' },
    });
    expect(JSON.stringify(merged.paths)).toContain('"$ref":"#/components/schemas/svc-ledger.def-0"');
  });

  it('refuses two answers for the same method and path', () => {
    const part = {
      service: ledger,
      document: doc({ '/api/accounts/': { get: { responses: {} } }, '/api/accounts': { get: { responses: {} } } }),
    };
    expect(() => mergeOpenApi([part], options)).toThrow('GET /api/accounts is documented twice (svc-ledger)');
  });
});

describe('response descriptions', () => {
  it('replaces the generator\'s "Default Response" with what the status means', () => {
    const merged = mergeOpenApi(
      [
        {
          service: ledger,
          document: doc({
            '/api/accounts': {
              get: {
                responses: {
                  200: { description: 'Default Response' },
                  404: { description: 'Default Response' },
                  418: { description: 'Default Response' },
                },
              },
            },
          }),
        },
      ],
      options,
    );
    expect(merged.paths['/api/accounts'].get).toMatchObject({
      responses: {
        200: { description: 'OK' },
        404: { description: "Not found (or another household's)." },
        418: { description: 'Default Response' },
      },
    });
  });
});
