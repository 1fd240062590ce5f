import { preloadRemoteEntry } from './remotes/locations';

// Module Federation host entry: the shared singletons (react, router, query, app-kit...) are
// negotiated before the app's code runs, so everything else starts behind async boundaries.
preloadRemoteEntry(document, window.location.pathname);
// The page's own code and first data start as soon as the few shared modules they need are
// there, without waiting for react-dom and the shell (./bootstrap).
import('./remotes/page-start').then(
  ({ startPageLoad }) => startPageLoad(window.location.pathname),
  () => undefined,
);
import('./bootstrap');
