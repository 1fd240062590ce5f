// Remote contract (docs/frontend.md): served at /mf/mf-ledger/remoteEntry.js, container `mf_ledger`;
// each exposed module's default export is a prop-less React page component.
const { makeConfig } = require('@hf/webpack-federation');

module.exports = makeConfig({
  name: 'mf-ledger',
  dir: __dirname,
  isHost: false,
  exposes: {
    './AccountsPage': './src/pages/AccountsPage', // /accounts
    './AccountRoutes': './src/pages/AccountRoutes', // /accounts/:accountId/* (register, reconcile, import/map)
    './CategoriesPage': './src/pages/CategoriesPage', // /categories
    './ActivityPage': './src/history/ActivityPage', // /activity (the household's change history)
  },
});
