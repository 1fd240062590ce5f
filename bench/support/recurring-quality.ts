/**
 * Recurring detection's quality against generated households (recurring-households.ts): a
 * suggestion is right when a true schedule has its payee, type and frequency. Precision: right
 * suggestions of all suggestions; recall: true schedules found of all.
 */
import { detectRecurring, payeeKey } from '@hf/svc-budget/recurring-detection';
import type { GeneratedHousehold } from './recurring-households';

export interface QualityReport {
  households: number;
  suggestions: number;
  right: number;
  truths: number;
  found: number;
  precision: number;
  recall: number;
  /** Of the right ones: the amount within 1 % of the truth's (fixed: exact). */
  amountRight: number;
  /** Per kind of true series: found / all. */
  byKind: Map<string, { found: number; all: number }>;
  /** The wrong suggestions (payee and frequency), for looking at. */
  wrong: string[];
}

export function measureQuality(households: readonly GeneratedHousehold[]): QualityReport {
  const report: QualityReport = {
    households: households.length,
    suggestions: 0,
    right: 0,
    truths: 0,
    found: 0,
    precision: 0,
    recall: 0,
    amountRight: 0,
    byKind: new Map(),
    wrong: [],
  };
  for (const h of households) {
    const suggestions = detectRecurring({ rows: h.rows, today: h.today });
    report.suggestions += suggestions.length;
    const truthBy = new Map(h.truth.map((t) => [`${t.item_type}:${payeeKey(t.payee)}`, t]));
    const foundKeys = new Set<string>();
    for (const s of suggestions) {
      const t = truthBy.get(s.key);
      if (t && t.frequency === s.schedule.frequency) {
        report.right++;
        foundKeys.add(s.key);
        const close = t.varying ? Math.abs(s.amount - t.amount) <= 0.1 * t.amount : s.amount === t.amount;
        if (close) report.amountRight++;
      } else report.wrong.push(`${s.payee} (${s.schedule.frequency}${t ? `, truly ${t.frequency}` : ''})`);
    }
    for (const [key, t] of truthBy) {
      report.truths++;
      const kind = report.byKind.get(t.kind) ?? { found: 0, all: 0 };
      kind.all++;
      if (foundKeys.has(key)) {
        report.found++;
        kind.found++;
      }
      report.byKind.set(t.kind, kind);
    }
  }
  report.precision = report.suggestions === 0 ? 1 : report.right / report.suggestions;
  report.recall = report.truths === 0 ? 1 : report.found / report.truths;
  return report;
}
