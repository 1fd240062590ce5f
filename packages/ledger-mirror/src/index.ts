/**
 * A service's read-only mirror of svc-ledger (accounts, categories, rows), kept from `ledger.*`
 * events and rebuilt per household from svc-ledger's replay. Used by svc-reports and svc-budget.
 */
export * from './category-index';
export * from './ledger-mirror';
export * from './mirror-events';
export * from './mirror-store';
export * from './mirror-tables';
export * from './replay-client';
export * from './schemas';
