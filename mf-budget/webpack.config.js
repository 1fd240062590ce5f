// Remote contract (docs/frontend.md): served at /mf/mf-budget/remoteEntry.js, container `mf_budget`;
// each exposed module's default export is a prop-less React page component.
const { makeConfig } = require('@hf/webpack-federation');

module.exports = makeConfig({
  name: 'mf-budget',
  dir: __dirname,
  isHost: false,
  exposes: {
    './DashboardPage': './src/pages/DashboardPage', // /dashboard
    './BudgetPage': './src/pages/BudgetPage', // /budget
  },
});
