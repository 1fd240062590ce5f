/**
 * The route table: which service owns which `/api` path prefix, and each service's
 * default loopback port in the single-process mode. The gateway matches the path only,
 * never the query string.
 */
export interface ServiceRoute {
  name: 'svc-auth' | 'svc-ledger' | 'svc-budget' | 'svc-import' | 'svc-reports';
  /** Env suffix: DATABASE_URL_AUTH, AUTH_URL... */
  key: 'AUTH' | 'LEDGER' | 'BUDGET' | 'IMPORT' | 'REPORTS';
  prefixes: string[];
  defaultPort: number;
  database: string;
  /** The bus subjects of the events it publishes: its own area (an event's type starts with it). */
  eventSubjects: string[];
}

export const SERVICES: ServiceRoute[] = [
  {
    name: 'svc-auth',
    key: 'AUTH',
    prefixes: ['/api/users', '/api/household', '/api/themes'],
    defaultPort: 8101,
    database: 'hf_auth',
    eventSubjects: ['auth.>'],
  },
  {
    name: 'svc-ledger',
    key: 'LEDGER',
    prefixes: ['/api/accounts', '/api/transactions', '/api/categories', '/api/payees', '/api/rules', '/api/history'],
    defaultPort: 8102,
    database: 'hf_ledger',
    eventSubjects: ['ledger.>'],
  },
  {
    name: 'svc-budget',
    key: 'BUDGET',
    prefixes: ['/api/budget', '/api/dashboard'],
    defaultPort: 8103,
    database: 'hf_budget',
    eventSubjects: ['budget.>'],
  },
  {
    name: 'svc-import',
    key: 'IMPORT',
    prefixes: ['/api/import'],
    defaultPort: 8104,
    database: 'hf_import',
    eventSubjects: ['import.>'],
  },
  {
    name: 'svc-reports',
    key: 'REPORTS',
    prefixes: ['/api/reports'],
    defaultPort: 8105,
    database: 'hf_reports',
    eventSubjects: [],
  },
];

/** What the event stream covers: every service's event subjects (the NATS bus is given these). */
export const EVENT_STREAM_SUBJECTS: string[] = SERVICES.flatMap((s) => s.eventSubjects);

/** API routes that need no access token (the gateway rate-limits the first three). */
export const PUBLIC_API_ROUTES = [
  { method: 'POST', url: '/api/users/login', rateLimited: true },
  { method: 'POST', url: '/api/users/register', rateLimited: true },
  { method: 'POST', url: '/api/users/forgot-password', rateLimited: true },
  { method: 'POST', url: '/api/users/reset-password', rateLimited: true },
  { method: 'POST', url: '/api/users/refresh', rateLimited: true },
  // svc-auth finds the session from the Authorization header or the body's refresh_token itself.
  { method: 'POST', url: '/api/users/logout', rateLimited: false },
  { method: 'GET', url: '/api/household/invitations/:token', rateLimited: true },
  { method: 'GET', url: '/api/themes/defaults', rateLimited: false },
] as const;
