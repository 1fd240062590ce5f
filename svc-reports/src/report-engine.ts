/**
 * The reports' engine without HTTP: the queries on the read model and the domain code that builds
 * each answer, as the routes use them. Exported (`@hf/svc-reports/engine`) for the peer benchmark,
 * which measures ours on the peer's footing (bench/support/report-engine.ts).
 */
export { readModelUrl } from './app';
export { drillDownRows } from './domain/drill-down-rows';
export { monthlyTrend } from './domain/monthly-trend';
export { categoryReport, netsByCategory, payeeReport } from './domain/report-items';
export { monthsOf, parseScope } from './domain/report-range';
export { netsByMonth, netsByPayee, netsByStoredCategory, rowsByCategory } from './repositories/report-queries';
