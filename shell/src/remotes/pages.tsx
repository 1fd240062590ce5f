import { RemotePage } from './RemotePage';

/** The signed-in pages the remotes provide (routes of docs/rules/screens.md; contract in docs/frontend.md). */
export const DashboardRoute = () => <RemotePage remote="mf-budget" module="./DashboardPage" />;
export const BudgetRoute = () => <RemotePage remote="mf-budget" module="./BudgetPage" />;
export const AccountsRoute = () => <RemotePage remote="mf-ledger" module="./AccountsPage" />;
export const AccountRoutesRoute = () => <RemotePage remote="mf-ledger" module="./AccountRoutes" />;
export const CategoriesRoute = () => <RemotePage remote="mf-ledger" module="./CategoriesPage" />;
export const ActivityRoute = () => <RemotePage remote="mf-ledger" module="./ActivityPage" />;
export const ReportsRoute = () => <RemotePage remote="mf-reports" module="./ReportsPage" />;
export const HouseholdRoute = () => <RemotePage remote="mf-settings" module="./HouseholdPage" />;
export const AppearanceRoute = () => <RemotePage remote="mf-settings" module="./AppearancePage" />;
export const RulesRoute = () => <RemotePage remote="mf-settings" module="./RulesPage" />;
export const PayeesRoute = () => <RemotePage remote="mf-settings" module="./PayeesPage" />;
