// Remote contract (docs/frontend.md): served at /mf/mf-settings/remoteEntry.js, container `mf_settings`;
// each exposed module's default export is a prop-less React page component.
const { makeConfig } = require('@hf/webpack-federation');

module.exports = makeConfig({
  name: 'mf-settings',
  dir: __dirname,
  isHost: false,
  exposes: {
    './HouseholdPage': './src/pages/HouseholdPage', // /settings/household
    './AppearancePage': './src/pages/AppearancePage', // /settings/appearance
    './RulesPage': './src/pages/RulesPage', // /settings/rules
    './PayeesPage': './src/pages/PayeesPage', // /settings/payees
  },
});
