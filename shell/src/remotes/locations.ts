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

/** The remote that serves a signed-in path (the routes of app/routes.tsx), or null. */
export function remoteForPath(path: string): RemoteName | null {
  if (/^\/(accounts|categories|activity)(\/|$)/.test(path)) return 'mf-ledger';
  if (/^\/(dashboard|budget)?\/?$/.test(path)) return 'mf-budget';
  if (/^\/reports\/?$/.test(path)) return 'mf-reports';
  if (/^\/settings\//.test(path)) return 'mf-settings';
  return null;
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
