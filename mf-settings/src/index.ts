/** mf-settings: the Household and Appearance screens (exposed as `./HouseholdPage` and `./AppearancePage`). */
export { default as HouseholdPage } from './pages/HouseholdPage';
export { default as AppearancePage } from './pages/AppearancePage';
export { default as RulesPage } from './pages/RulesPage';
export { default as PayeesPage } from './pages/PayeesPage';
