/**
 * The reconcile page's split new rows (issue 21, docs/decisions/0139): a new row's "Split" opens
 * the register's lines editor under it; "Done" keeps the lines (only when they can be saved:
 * 2..100, none zero, summing exactly to the row's amount), "Cancel" drops the changes, "Unsplit"
 * drops the lines. One row's lines are open at a time. Rows are named by their place in the
 * reconcile answer's `new` list.
 */
import { useCallback, useMemo, useState } from 'react';
import { toCents } from '@hf/money';
import type { ImportedRow } from '@hf/contracts/import';
import { saveBlockedReason, startLines, type SplitDraftLine } from '../splits/split-lines';

/** A line of the editor (and its footer and the Done/Cancel line) is one register line tall. */
export const SPLIT_LINE_HEIGHT = 34;

export interface OpenSplit {
  index: number;
  lines: SplitDraftLine[];
}

export function useNewRowSplits(rows: readonly ImportedRow[]) {
  const [kept, setKept] = useState<ReadonlyMap<number, SplitDraftLine[]>>(() => new Map());
  const [open, setOpen] = useState<OpenSplit | null>(null);

  /** Opens row `index`'s lines: its kept ones, else one line of the whole amount in `category`. */
  const openRow = useCallback(
    (index: number, category: string) =>
      setOpen({ index, lines: kept.get(index) ?? startLines(toCents(rows[index].amount), category) }),
    [kept, rows],
  );
  const change = useCallback((lines: SplitDraftLine[]) => setOpen((o) => (o ? { ...o, lines } : o)), []);
  const cancel = useCallback(() => setOpen(null), []);
  /** Keeps the open lines; false (nothing kept) while they cannot be saved. */
  const done = useCallback((): boolean => {
    if (!open || saveBlockedReason(toCents(rows[open.index].amount), open.lines) !== null) return false;
    setKept((k) => new Map(k).set(open.index, open.lines));
    setOpen(null);
    return true;
  }, [open, rows]);
  const unsplit = useCallback(() => {
    if (!open) return;
    setKept((k) => {
      const next = new Map(k);
      next.delete(open.index);
      return next;
    });
    setOpen(null);
  }, [open]);

  /** The open row's height in the list: its line, then each split line, the editor's footer and Done/Cancel. */
  const openHeight = useCallback(
    (rowHeight: number) => (open ? rowHeight + (open.lines.length + 2) * SPLIT_LINE_HEIGHT : 0),
    [open],
  );
  const linesOf = useMemo(() => {
    const byRow = new Map<ImportedRow, SplitDraftLine[]>();
    for (const [index, lines] of kept) byRow.set(rows[index], lines);
    return byRow;
  }, [kept, rows]);

  return { kept, open, openRow, change, cancel, done, unsplit, openHeight, linesOf };
}

export type NewRowSplits = ReturnType<typeof useNewRowSplits>;
