import { preloadRemoteEntry } from './remotes/locations';

// Module Federation host entry: the shared singletons (react, router, query, app-kit...) are
// negotiated before the app's code runs, so everything else starts in ./bootstrap.
preloadRemoteEntry(document, window.location.pathname);
import('./bootstrap');
