/**
 * Hostile input (issue 9, items 1-6) sent to every route each service registered, found from the
 * services' own route tables (`app.routeTable`), so a new route is covered without a new line
 * here. All five real services (their own test databases, one in-process bus) behind the real
 * gateway; each class must answer its 4xx with its message and change nothing in any database.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { NAME_BLANK_MESSAGE, SERVICES } from '@hf/contracts';
import { REQUEST_MESSAGES, type RegisteredRoute } from '@hf/service-kit';
import { TEST_INTERNAL_TOKEN, testKeys } from '@hf/service-kit/testing';
import { buildGateway } from '../src/app';
import { BODY_TOO_LARGE_MESSAGE } from '../src/proxy';
import { portOf, startRealServices, type RealServices, type RunningService } from './real-services';

jest.setTimeout(180_000);

const BODY_LIMIT = 1024 * 1024;
const IMPORT_LIMIT = 2 * 1024 * 1024;
/** An import's commit bodies (update_matched, <id>/import_new) have a limit of their own. */
const IMPORT_COMMIT_LIMIT = 3 * 1024 * 1024;
const IMPORT_COMMIT_URL = /^\/api\/import\/(update_matched|:[^/]+\/import_new)$/;

let services: RealServices;
let running: RunningService[] = [];
let gateway: FastifyInstance;
let gatewayPort: number;
let access: string;
let accountId: number;

interface Reached {
  service: RunningService;
  route: RegisteredRoute;
}
/** Every route a client (through the gateway) or another service (internal token) can reach. */
let routes: Reached[] = [];
const apiRoutes = () => routes.filter((r) => r.route.url.startsWith('/api/') && !r.route.internal);
const internalRoutes = () => routes.filter((r) => r.route.internal && r.route.url.startsWith('/internal/'));
const withBody = (list: Reached[]) => list.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.route.method));
const label = (r: Reached) => `${r.route.method} ${r.route.url}`;

/** The route's path with every parameter filled (`value(name)` or the caller's account id). */
function pathOf(route: RegisteredRoute, value: (param: string) => string = () => String(accountId)): string {
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => value(name));
}

function integerParams(schema: unknown): string[] {
  const properties =
    ((schema ?? {}) as { properties?: Record<string, { type?: unknown; anyOf?: Array<{ type?: unknown }> }> })
      .properties ?? {};
  return Object.entries(properties)
    .filter(
      ([, s]) =>
        s.type === 'integer' ||
        (Array.isArray(s.type) && s.type.includes('integer')) ||
        s.anyOf?.some((b) => b.type === 'integer'),
    )
    .map(([name]) => name);
}

/** Top-level body properties declared with Name(). */
function nameFields(schema: unknown): Array<[string, string]> {
  const properties = ((schema ?? {}) as { properties?: Record<string, Record<string, unknown>> }).properties ?? {};
  return Object.entries(properties)
    .filter(([, s]) => typeof s[NAME_BLANK_MESSAGE] === 'string')
    .map(([name, s]) => [name, s[NAME_BLANK_MESSAGE] as string]);
}

/** A digest of every table of every service: equal before and after means nothing changed. */
async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const r of running) {
    const client = new pg.Client({ connectionString: r.db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
      );
      for (const { table_name } of rows) {
        const digest = await client.query<{ d: string; n: string }>(
          `SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS d, count(*) AS n FROM "${table_name}" t`,
        );
        parts.push(`${r.service.name}.${table_name}:${digest.rows[0].n}:${digest.rows[0].d}`);
      }
    } finally {
      await client.end();
    }
  }
  return parts.join('\n');
}

/** Waits until the databases stop changing (events of the setup reaching the read models). */
async function settled(): Promise<string> {
  let previous = await snapshot();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const next = await snapshot();
    if (next === previous) return next;
    previous = next;
  }
}

interface Answer {
  status: number;
  body: string;
}

/** A raw HTTP request (headers may repeat: give an array value). */
function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string | string[]>,
  body?: Buffer | Buffer[],
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    // An upstream that stops reading may reset the upload: the answer is what counts.
    req.on('error', (err) => reject(err));
    for (const [name, value] of Object.entries(headers)) req.setHeader(name, value);
    // DELETE is not chunked by default: frame a whole body with its length.
    if (Buffer.isBuffer(body) && !('transfer-encoding' in headers) && !('content-length' in headers))
      req.setHeader('content-length', String(body.length));
    if (Array.isArray(body)) {
      for (const chunk of body) req.write(chunk);
      req.end();
    } else {
      req.end(body);
    }
  });
}

const bearer = () => ({ authorization: `Bearer ${access}` });
function headersFor(r: Reached, extra: Record<string, string | string[]> = {}): Record<string, string | string[]> {
  return r.route.internal ? { 'x-internal-token': TEST_INTERNAL_TOKEN, ...extra } : { ...bearer(), ...extra };
}
/** Where a route is reached: the gateway for `/api`, the service itself for `/internal`. */
const portFor = (r: Reached) => (r.route.internal ? portOf(r.service.app) : gatewayPort);

function expectRefusal(answer: Answer, status: number, message: string, where: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    parsed = answer.body;
  }
  expect({ where, status: answer.status, body: parsed }).toEqual({ where, status, body: { message } });
}

beforeAll(async () => {
  services = await startRealServices('hostile');
  running = services.running;
  gateway = await buildGateway({
    upstreams: services.urls,
    jwtPublicKey: testKeys().publicKey,
    internalToken: TEST_INTERNAL_TOKEN,
    bus: services.bus,
    rateLimit: { max: 100_000, timeWindowMs: 60_000 },
    importBodyLimit: IMPORT_LIMIT,
    importCommitBodyLimit: IMPORT_COMMIT_LIMIT,
    instanceId: `hostile${randomBytes(3).toString('hex')}`,
  });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  gatewayPort = portOf(gateway);

  const email = `hostile-${randomBytes(4).toString('hex')}@example.com`;
  const registered = await gateway.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { name: 'Hostile Tester', email, password: 'correct horse 1' },
  });
  expect(registered.statusCode).toBe(201);
  access = registered.json().access_token;
  const account = await gateway.inject({
    method: 'POST',
    url: '/api/accounts/',
    headers: bearer(),
    payload: { name: 'Checking', starting_balance: 100 },
  });
  expect(account.statusCode).toBe(201);
  accountId = account.json().id;
  const row = await gateway.inject({
    method: 'POST',
    url: `/api/accounts/${accountId}/transactions`,
    headers: bearer(),
    payload: { date: '2025-01-02', payee: 'Coffee', amount: -3.75 },
  });
  expect(row.statusCode).toBe(201);

  routes = running.flatMap((service) => service.app.routeTable.map((route) => ({ service, route })));
});

afterAll(async () => {
  await gateway?.close();
  await services?.close();
});

it('finds the routes of every service', () => {
  for (const service of SERVICES)
    expect(apiRoutes().filter((r) => r.service.service.key === service.key).length).toBeGreaterThan(0);
  expect(apiRoutes().some((r) => r.route.url === '/api/accounts/:id')).toBe(true);
});

describe('1. text that is not valid Unicode: 400 on every route, nothing changes', () => {
  it('lone surrogates and invalid UTF-8 in JSON bodies', async () => {
    const before = await settled();
    const bodies: Array<[string, Buffer]> = [
      ['lone surrogate', Buffer.from('{"name":"a\\ud800","payee":"\\udc00","notes":"x"}')],
      [
        'invalid UTF-8',
        Buffer.concat([
          Buffer.from('{"name":"caf'),
          Buffer.from([0xe9]),
          Buffer.from('","payee":"'),
          Buffer.from([0xed, 0xa0, 0x80]),
          Buffer.from('"}'),
        ]),
      ],
    ];
    for (const r of withBody([...apiRoutes(), ...internalRoutes()])) {
      for (const [kind, body] of bodies) {
        const answer = await send(
          portFor(r),
          r.route.method,
          pathOf(r.route),
          headersFor(r, { 'content-type': 'application/json' }),
          body,
        );
        expectRefusal(answer, 400, REQUEST_MESSAGES.invalidUnicode, `${label(r)} ${kind}`);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('invalid UTF-8 and lone surrogates in paths and query strings', async () => {
    const before = await settled();
    for (const r of [...apiRoutes(), ...internalRoutes()]) {
      const hasParams = r.route.url.includes(':');
      const urls = [`${pathOf(r.route)}?q=%ED%A0%80`, `${pathOf(r.route)}?q=%FF`];
      if (hasParams) urls.push(pathOf(r.route, () => '%C3%28'));
      for (const url of urls) {
        const answer = await send(
          portFor(r),
          r.route.method,
          url,
          headersFor(
            r,
            ['POST', 'PUT', 'PATCH'].includes(r.route.method) ? { 'content-type': 'application/json' } : {},
          ),
          ['POST', 'PUT', 'PATCH'].includes(r.route.method) ? Buffer.from('{}') : undefined,
        );
        expectRefusal(answer, 400, REQUEST_MESSAGES.invalidUnicode, `${label(r)} ${url}`);
      }
    }
    expect(await snapshot()).toBe(before);
  });
});

describe("2. names that look blank: 400 with the name's message wherever a name is taken", () => {
  it('every body field called "name" is declared with Name()', () => {
    const plain = [...apiRoutes(), ...internalRoutes()].filter((r) => {
      const properties =
        ((r.route.body ?? {}) as { properties?: Record<string, Record<string, unknown>> }).properties ?? {};
      return 'name' in properties && typeof properties.name[NAME_BLANK_MESSAGE] !== 'string';
    });
    expect(plain.map(label)).toEqual([]);
  });

  it('zero-width, bidi-control, filler and white-space names are refused on every route that takes a name', async () => {
    const before = await settled();
    const named = withBody(apiRoutes()).filter((r) => nameFields(r.route.body).length > 0);
    expect(named.map(label)).toEqual(
      expect.arrayContaining([
        'POST /api/accounts/',
        'PUT /api/accounts/:id',
        'POST /api/categories/',
        'POST /api/themes/',
        'POST /api/users/register',
      ]),
    );
    for (const r of named) {
      for (const [field, message] of nameFields(r.route.body)) {
        for (const blank of ['\u200b\u200c\u200d', '\u202e\u2066\u2069', '\u3164', ' \u2060\t', '\ufeff']) {
          const answer = await send(
            gatewayPort,
            r.route.method,
            pathOf(r.route),
            headersFor(r, { 'content-type': 'application/json' }),
            Buffer.from(JSON.stringify({ [field]: blank })),
          );
          expectRefusal(answer, 400, message, `${label(r)} ${field}=${JSON.stringify(blank)}`);
        }
      }
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('3. amounts written with more digits than they carry: 400, nothing changes', () => {
  it('a number literal with more than 2 decimals is refused on every route with a body', async () => {
    const before = await settled();
    for (const r of withBody([...apiRoutes(), ...internalRoutes()])) {
      for (const body of [
        '{"amount":12.340000000000000001}',
        '{"starting_balance":0.001}',
        '{"target_amount":1.5e-3}',
      ]) {
        const answer = await send(
          portFor(r),
          r.route.method,
          pathOf(r.route),
          headersFor(r, { 'content-type': 'application/json' }),
          Buffer.from(body),
        );
        expectRefusal(answer, 400, REQUEST_MESSAGES.tooManyDecimals, `${label(r)} ${body}`);
      }
    }
    // A complete, otherwise valid entry is refused too (not only bodies that were wrong anyway).
    const entry = await send(
      gatewayPort,
      'POST',
      `/api/accounts/${accountId}/transactions`,
      { ...bearer(), 'content-type': 'application/json' },
      Buffer.from('{"date":"2025-01-03","payee":"Precise","amount":12.340000000000000001}'),
    );
    expectRefusal(entry, 400, REQUEST_MESSAGES.tooManyDecimals, 'entry line');
    expect(await snapshot()).toBe(before);
  });
});

describe('4. ids in non-canonical form: 400 on every path and query id, nothing changes', () => {
  const forms = (id: number) => [
    `${id}.0`,
    `0${id}`,
    `0x${id.toString(16)}`,
    `${id}e0`,
    `%2B${id}`,
    `%20${id}`,
    `${id}%20`,
  ];

  it('path parameters', async () => {
    const before = await settled();
    const withIds = [...apiRoutes(), ...internalRoutes()].filter((r) => integerParams(r.route.params).length > 0);
    expect(withIds.map(label)).toEqual(expect.arrayContaining(['GET /api/accounts/:id', 'PUT /api/transactions/:id']));
    for (const r of withIds) {
      for (const param of integerParams(r.route.params)) {
        for (const form of forms(accountId)) {
          const url = pathOf(r.route, (name) => (name === param ? form : String(accountId)));
          const body = ['POST', 'PUT', 'PATCH'].includes(r.route.method) ? Buffer.from('{}') : undefined;
          const answer = await send(
            portFor(r),
            r.route.method,
            url,
            headersFor(r, body ? { 'content-type': 'application/json' } : {}),
            body,
          );
          expect({ where: `${label(r)} ${url}`, status: answer.status }).toEqual({
            where: `${label(r)} ${url}`,
            status: 400,
          });
          expect(JSON.parse(answer.body).message).toBe(
            `The field "${param}" must be a number written in plain digits.`,
          );
        }
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('query parameters', async () => {
    const before = await settled();
    const withIds = [...apiRoutes(), ...internalRoutes()].filter((r) => integerParams(r.route.querystring).length > 0);
    for (const r of withIds) {
      for (const param of integerParams(r.route.querystring)) {
        for (const form of forms(1)) {
          const url = `${pathOf(r.route)}?${param}=${form}`;
          const answer = await send(portFor(r), r.route.method, url, headersFor(r));
          expect({ where: url, status: answer.status, message: JSON.parse(answer.body).message }).toEqual({
            where: url,
            status: 400,
            message: `The field "${param}" must be a number written in plain digits.`,
          });
        }
      }
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('5. oversized and compressed bodies are refused by the gateway itself', () => {
  const limitFor = (url: string) =>
    IMPORT_COMMIT_URL.test(url) ? IMPORT_COMMIT_LIMIT : url.startsWith('/api/import') ? IMPORT_LIMIT : BODY_LIMIT;

  it('over the limit: 413 before proxying, declared or chunked; Content-Encoding: 415; never 503', async () => {
    const before = await settled();
    for (const r of withBody(apiRoutes())) {
      const path = pathOf(r.route);
      const over = limitFor(r.route.url) + 1;
      const json = Buffer.concat([Buffer.from('{"notes":"'), Buffer.alloc(over, 0x61), Buffer.from('"}')]);
      const declared = await send(
        gatewayPort,
        r.route.method,
        path,
        headersFor(r, { 'content-type': 'application/json', 'content-length': String(json.length) }),
        json,
      );
      expectRefusal(declared, 413, BODY_TOO_LARGE_MESSAGE, `${label(r)} declared`);
      const pieces = Array.from({ length: Math.ceil(json.length / 65536) }, (_, i) =>
        json.subarray(i * 65536, (i + 1) * 65536),
      );
      const chunked = await send(
        gatewayPort,
        r.route.method,
        path,
        headersFor(r, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }),
        pieces,
      );
      expectRefusal(chunked, 413, BODY_TOO_LARGE_MESSAGE, `${label(r)} chunked`);
      for (const encoding of ['gzip', 'deflate', 'br']) {
        const encoded = await send(
          gatewayPort,
          r.route.method,
          path,
          headersFor(r, { 'content-type': 'application/json', 'content-encoding': encoding }),
          Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
        );
        expectRefusal(encoded, 415, REQUEST_MESSAGES.compressedBody, `${label(r)} ${encoding}`);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('the services refuse encoded bodies too (a caller that is not the gateway)', async () => {
    const before = await settled();
    for (const r of withBody(internalRoutes())) {
      const answer = await send(
        portFor(r),
        r.route.method,
        pathOf(r.route),
        headersFor(r, { 'content-type': 'application/json', 'content-encoding': 'gzip' }),
        Buffer.from([0x1f, 0x8b]),
      );
      expectRefusal(answer, 415, REQUEST_MESSAGES.compressedBody, label(r));
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('6. duplicate Authorization headers: 400 at the gateway and at every service', () => {
  it('every route, through the gateway and directly', async () => {
    const before = await settled();
    for (const r of [...apiRoutes(), ...internalRoutes()]) {
      const body = ['POST', 'PUT', 'PATCH'].includes(r.route.method) ? Buffer.from('{}') : undefined;
      const headers = {
        ...headersFor(r, body ? { 'content-type': 'application/json' } : {}),
        authorization: [`Bearer ${access}`, 'Bearer x.y.z'],
      };
      const targets = r.route.internal ? [portOf(r.service.app)] : [gatewayPort, portOf(r.service.app)];
      for (const port of targets) {
        const answer = await send(port, r.route.method, pathOf(r.route), headers, body);
        expectRefusal(
          answer,
          400,
          REQUEST_MESSAGES.duplicateAuthorization,
          `${label(r)} on ${port === gatewayPort ? 'gateway' : r.service.service.name}`,
        );
      }
    }
    expect(await snapshot()).toBe(before);
  });
});
