/**
 * The mapping of a statement format whose reader names its own columns (OFX/QFX, QIF, CAMT): such
 * a file is imported without a `mapping` field (docs/rules/import.md). CSV has none: its columns
 * are the bank's.
 */
import type { MappingConfig } from '@hf/contracts';
import type { FileType } from '../domain/statement';

const FIXED: Partial<Record<FileType, MappingConfig>> = {
  ofx: { date: 'Date', payee: 'Payee', amount_type: 'single', amount: 'Amount', notes: 'Memo', payee_fallback: 'Memo' },
  qif: { date: 'Date', payee: 'Payee', amount_type: 'single', amount: 'Amount', notes: 'Memo', category: 'Category' },
  // XML numbers always write a decimal point.
  camt: {
    date: 'Date',
    payee: 'Payee',
    amount_type: 'single',
    amount: 'Amount',
    notes: 'Notes',
    decimal_separator: '.',
  },
};

export function formatMapping(fileType: FileType): MappingConfig | null {
  return FIXED[fileType] ?? null;
}
