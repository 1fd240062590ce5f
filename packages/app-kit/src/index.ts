export * from './session';
export * from './api';
export * from './accounts';
export * from './theme';
export { formatCurrency, toCents, fromCents, parseCurrencyInput } from '@hf/money';
export * from './product';
