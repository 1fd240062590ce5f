import { PAGE_CODE_WAIT_MS, settledWithin } from './remotes/first-render';
import { preloadRemoteEntry } from './remotes/locations';

// Module Federation host entry: the shared singletons (react, router, query, app-kit...) are
// negotiated before the app's code runs, so everything else starts behind async boundaries.
preloadRemoteEntry(document, window.location.pathname);
// The page's own code and first data start as soon as the few shared modules they need are
// there, without waiting for react-dom and the shell (./bootstrap).
const pageCode = import('./remotes/page-start').then(
  ({ startPageLoad }) => startPageLoad(window.location.pathname),
  () => undefined,
);
// The shell's first render waits for that page's code (at most PAGE_CODE_WAIT_MS): one render of
// the shell with its page, the page's code evaluated while react-dom loads (decision 0154).
void Promise.all([import('./bootstrap'), settledWithin(pageCode, PAGE_CODE_WAIT_MS)]).then(([shell]) =>
  shell.renderApp(),
);
