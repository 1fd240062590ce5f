/**
 * Where the remotes live (a leaf module without dependencies: the shell's entry uses it before
 * the shared modules are negotiated).
 */

/** Where a remote lives: its container's global name and its remoteEntry.js address. */
export interface RemoteLocation {
  name: string;
  entry: string;
}

/**
 * The remote contract (docs/frontend.md): each remote is served at `/mf/<name>/remoteEntry.js`
 * with the container name `<name>` in snake case, and exposes page modules whose default
 * export is a prop-less React component.
 */
export const REMOTES = {
  'mf-ledger': { name: 'mf_ledger', entry: '/mf/mf-ledger/remoteEntry.js' },
  'mf-budget': { name: 'mf_budget', entry: '/mf/mf-budget/remoteEntry.js' },
  'mf-reports': { name: 'mf_reports', entry: '/mf/mf-reports/remoteEntry.js' },
  'mf-settings': { name: 'mf_settings', entry: '/mf/mf-settings/remoteEntry.js' },
} satisfies Record<string, RemoteLocation>;

export type RemoteName = keyof typeof REMOTES;

/** A page a remote provides: the remote and its exposed module (docs/frontend.md). */
export interface RemotePageRef {
  remote: RemoteName;
  module: string;
}

/** The signed-in paths of the route table (app/routes.tsx) whose page a remote provides. */
const REMOTE_PAGES: Array<[RegExp, RemoteName, string]> = [
  [/^\/(dashboard)?$/, 'mf-budget', './DashboardPage'],
  [/^\/budget$/, 'mf-budget', './BudgetPage'],
  [/^\/accounts$/, 'mf-ledger', './AccountsPage'],
  [/^\/accounts\/[^/]+(\/.*)?$/, 'mf-ledger', './AccountRoutes'],
  [/^\/categories$/, 'mf-ledger', './CategoriesPage'],
  [/^\/activity$/, 'mf-ledger', './ActivityPage'],
  [/^\/reports$/, 'mf-reports', './ReportsPage'],
  [/^\/settings\/appearance$/, 'mf-settings', './AppearancePage'],
  [/^\/settings\/household$/, 'mf-settings', './HouseholdPage'],
  [/^\/settings\/rules$/, 'mf-settings', './RulesPage'],
  [/^\/settings\/payees$/, 'mf-settings', './PayeesPage'],
];

/** The remote page that a signed-in path shows (`/accounts/12/register`: mf-ledger's AccountRoutes), or null. */
export function remotePageForPath(path: string): RemotePageRef | null {
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path;
  const found = REMOTE_PAGES.find(([pattern]) => pattern.test(trimmed));
  return found ? { remote: found[1], module: found[2] } : null;
}

/** The remote that serves a signed-in path, or null. */
export function remoteForPath(path: string): RemoteName | null {
  return remotePageForPath(path)?.remote ?? null;
}

/**
 * Starts fetching the remoteEntry.js the page at `path` will need, while the shell's own code
 * loads (the runtime's script tag then finds it in the cache): on a fresh page load of a
 * remote's page this saves the round trip that would otherwise start only once React renders.
 */
export function preloadRemoteEntry(doc: Document, path: string): void {
  const remote = remoteForPath(path);
  if (!remote) return;
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'script');
  link.href = REMOTES[remote].entry;
  doc.head.appendChild(link);
}
