// Remote contract (docs/frontend.md): served at /mf/mf-reports/remoteEntry.js, container `mf_reports`;
// each exposed module's default export is a prop-less React page component.
const { makeConfig } = require('@hf/webpack-federation');

module.exports = makeConfig({
  name: 'mf-reports',
  dir: __dirname,
  isHost: false,
  exposes: {
    './ReportsPage': './src/pages/ReportsPage', // /reports
  },
});
