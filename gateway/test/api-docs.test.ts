/**
 * The API documentation through the gateway in the default mode's layout: the five real services
 * (each on a loopback port with its own test database, one in-process bus) behind the gateway.
 * The merged document must name every route the services registered that the gateway routes
 * (from each service's route table, recorded by Fastify's onRoute hook), and nothing else.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SERVICES, type ServiceRoute } from '@hf/contracts';
import { TEST_INTERNAL_TOKEN, testKeys } from '@hf/service-kit/testing';
import { buildGateway } from '../src/app';
import { HTTP_METHODS, openApiPath, type OpenApiDocument } from '../src/openapi-merge';
import { startRealServices, type RealServices } from './real-services';

let services: RealServices;
let gateway: FastifyInstance;
const apps = new Map<ServiceRoute['name'], FastifyInstance>();

beforeAll(async () => {
  services = await startRealServices('docs');
  for (const { service, app } of services.running) apps.set(service.name, app);
  gateway = await buildGateway({
    upstreams: services.urls,
    jwtPublicKey: testKeys().publicKey,
    internalToken: TEST_INTERNAL_TOKEN,
    bus: services.bus,
    instanceId: `docs${randomBytes(3).toString('hex')}`,
  });
  await gateway.ready();
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await services?.close();
}, 60_000);

async function document(): Promise<OpenApiDocument> {
  const res = await gateway.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json() as OpenApiDocument;
}

function documentedOperations(doc: OpenApiDocument): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of Object.keys(item))
      if ((HTTP_METHODS as readonly string[]).includes(method)) out.push(`${method.toUpperCase()} ${path}`);
  }
  return out.sort();
}

type Operation = {
  security?: unknown[];
  parameters?: Array<Record<string, unknown>>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
const operation = (doc: OpenApiDocument, method: string, path: string) => doc.paths[path]?.[method] as Operation;

describe('the API documentation through the gateway', () => {
  it('documents every route each service registered that the gateway routes, and nothing else', async () => {
    const expected: string[] = [];
    for (const service of SERVICES) {
      const table = apps.get(service.name)!.routeTable;
      const api = table.filter((route) => !route.internal && route.method !== 'HEAD' && route.url.startsWith('/api'));
      expect(api.length).toBeGreaterThan(0);
      for (const route of api) {
        const path = openApiPath(route.url);
        // A service route outside its gateway prefixes could never be called: that is a bug too.
        expect({
          service: service.name,
          path,
          owned: service.prefixes.some((p) => path === p || path.startsWith(`${p}/`)),
        }).toEqual({ service: service.name, path, owned: true });
        expected.push(`${route.method} ${path}`);
      }
    }
    expect(documentedOperations(await document())).toEqual([...new Set(expected)].sort());
  });

  it('leaves out internal, health and documentation routes', async () => {
    const paths = Object.keys((await document()).paths);
    expect(paths.filter((path) => !path.startsWith('/api/') || path.startsWith('/api/docs'))).toEqual([]);
    expect(paths.some((path) => path.includes('internal'))).toBe(false);
  });

  it('declares the bearer JWT scheme, required except on the public routes', async () => {
    const doc = await document();
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(operation(doc, 'post', '/api/users/login').security).toEqual([]);
    expect(operation(doc, 'get', '/api/household/invitations/{token}').security).toEqual([]);
    expect(operation(doc, 'get', '/api/accounts').security).toEqual([{ bearerAuth: [] }]);
    expect(operation(doc, 'get', '/api/accounts').responses['401']).toBeDefined();
  });

  it('renders the TypeBox schemas: bodies, path parameters, patterns, unions and Type.Unsafe', async () => {
    const doc = await document();
    const create = operation(doc, 'post', '/api/accounts');
    const body = create.requestBody!.content['application/json'].schema as {
      required: string[];
      properties: Record<string, Record<string, unknown>>;
      additionalProperties: boolean;
    };
    expect(body.required).toEqual(expect.arrayContaining(['name']));
    expect(body.properties.name).toMatchObject({ type: 'string', maxLength: expect.any(Number) });
    expect(body.additionalProperties).toBe(false);
    expect(create.responses['201'].content!['application/json'].schema).toMatchObject({ type: 'object' });

    const read = operation(doc, 'get', '/api/accounts/{id}');
    expect(read.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          in: 'path',
          name: 'id',
          required: true,
          schema: expect.objectContaining({ type: 'integer', minimum: 1 }),
        }),
      ]),
    );

    const text = JSON.stringify(doc);
    expect(text).toContain('"pattern":"^\\\\d{4}-\\\\d{2}-\\\\d{2}$"');
    expect(text).toContain('"anyOf":[');
    // Type.Unsafe({ type: ['integer', 'null'] }): OpenAPI 3.1 takes JSON Schema's type arrays as they are.
    expect(doc.openapi).toBe('3.1.0');
    expect(text).toContain('"type":["integer","null"]');
    // Every reference points at a schema the document holds.
    for (const [, ref] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g))
      expect(doc.components!.schemas![ref]).toBeDefined();
  });

  it('serves the browsable page and its files from the gateway itself, under the strict CSP, without a token', async () => {
    const page = await gateway.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"[^>]*>\s*<\/script>/g)].map((m) => m[1]);
    expect(scripts).toEqual(['/api/docs/assets/swagger-ui-bundle.js', '/api/docs/assets/docs.js']);
    expect(page.body.replace(/<script[^>]*src="[^"]+"[^>]*>\s*<\/script>/g, '')).not.toContain('<script');
    for (const url of [...scripts, '/api/docs/assets/swagger-ui.css']) {
      const res = await gateway.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
    }
    expect((await gateway.inject({ method: 'GET', url: '/api/docs/assets/package.json' })).statusCode).toBe(404);
    expect((await gateway.inject({ method: 'GET', url: '/api/docs/assets/..%2f..%2fpackage.json' })).statusCode).toBe(
      404,
    );
  });

  it('answers 503 while a service whose document it never had is down', async () => {
    const fresh = await buildGateway({
      upstreams: { ...services.urls, REPORTS: 'http://127.0.0.1:9' },
      jwtPublicKey: testKeys().publicKey,
      internalToken: TEST_INTERNAL_TOKEN,
      bus: services.bus,
      instanceId: `docs${randomBytes(3).toString('hex')}`,
    });
    try {
      const res = await fresh.inject({ method: 'GET', url: '/api/docs/openapi.json' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'The service is temporarily unavailable. Please try again.' });
    } finally {
      await fresh.close();
    }
  });
});
