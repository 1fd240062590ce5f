import { LockIcon } from '@hf/ui/icons';

/** The lock of a reconciled row (distinct from a cleared row's X): its amount, date and status change only after an unlock. */
export function ReconciledLock({ row }: { row: { reconciled?: boolean } }) {
  if (!row.reconciled) return null;
  return (
    <span className="ledger-reconciled-lock" role="img" aria-label="Reconciled" title="Reconciled">
      <LockIcon />
    </span>
  );
}
