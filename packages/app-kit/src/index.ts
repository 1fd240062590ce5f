// The shell's first page loads this module (a shared singleton, never tree-shaken): keep it to
// what every page needs. Editing transactions and categories lives in './editing'.
export * from './session';
export * from './api';
export * from './accounts';
export * from './theme';
export { formatCurrency, toCents, fromCents, dollarsToCents, parseCurrencyInput } from '@hf/money';
export * from './product';
export * from './format';
export type * from './dialogs';
export * from './start-requests';
