import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { appRoutes } from '../app/routes';
import { preloadRemoteEntry, REMOTES, remoteForPath, remotePageForPath } from './locations';
import * as pages from './pages';
import { RemotePage } from './RemotePage';

const remotePages = new Set<unknown>(Object.values(pages));

/** Every route path whose page comes from a remote, with that remote and module (read from the route table). */
function remotePaths(routes: RouteObject[], prefix = ''): Array<[string, { remote: string; module: string }]> {
  return routes.flatMap((route) => {
    const path = route.path ? `${prefix}/${route.path}` : prefix;
    const own: Array<[string, { remote: string; module: string }]> = [];
    const element = route.element;
    if (isValidElement(element) && remotePages.has(element.type)) {
      const rendered = (element.type as () => unknown)();
      if (isValidElement(rendered) && rendered.type === RemotePage)
        own.push([path, rendered.props as { remote: string; module: string }]);
    }
    return [...own, ...remotePaths(route.children ?? [], path)];
  });
}

describe('remote locations', () => {
  it('names the remote and the page module of every remote page of the route table', () => {
    const pairs = remotePaths(appRoutes());
    expect(pairs.length).toBeGreaterThanOrEqual(11);
    for (const [path, page] of pairs) {
      const concrete = path.replace('/:accountId/*', '/12/settings');
      expect([path, remotePageForPath(concrete)]).toEqual([path, page]);
      expect([path, remotePageForPath(`${concrete}/`)]).toEqual([path, page]);
      expect([path, remoteForPath(concrete)]).toEqual([path, page.remote]);
    }
    expect(remotePageForPath('/accounts/12/register')).toEqual({ remote: 'mf-ledger', module: './AccountRoutes' });
    expect(remoteForPath('/')).toBe('mf-budget');
    for (const path of [
      '/login',
      '/register',
      '/help',
      '/forgot-password',
      '/reset-password/abc',
      '/accountsx',
      '/settings/x',
    ])
      expect(remoteForPath(path)).toBeNull();
  });

  it('preloads the remoteEntry.js of the page being opened, and nothing for shell pages', () => {
    preloadRemoteEntry(document, '/accounts/3');
    preloadRemoteEntry(document, '/login');
    const links = [...document.head.querySelectorAll('link[rel="preload"]')];
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('as', 'script');
    expect(links[0]).toHaveAttribute('href', REMOTES['mf-ledger'].entry);
  });
});
