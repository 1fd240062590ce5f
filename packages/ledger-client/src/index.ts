export { LedgerClient } from './client';
export { BulkRowError, checkBulkRow, checkBulkRows, type BulkRowStatus, type CheckedBulkRow } from './bulk-rows';
