// Module Federation host entry: the shared singletons (react, router, query, app-kit...) are
// negotiated before the app's code runs, so everything else starts in ./bootstrap.
import('./bootstrap');
