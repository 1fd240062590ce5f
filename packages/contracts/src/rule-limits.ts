/**
 * Rules' constants the front ends use as values (docs/rules/rules.md). A leaf module (no schema
 * library), like ledger-limits.ts.
 */

/** Limits svc-ledger enforces on a rule (each answers 400 with the limit in the message). */
export const RULE_LIMITS = {
  /** Conditions of one rule (all must hold). */
  conditions: 20,
  name: 100,
  /** A payee or notes pattern, and the payee a rule sets (the payee limit of a row). */
  pattern: 200,
  /** The notes a rule adds. */
  notes: 1000,
  /** Rules of one household. */
  rules: 500,
  /** POST /api/rules/:id/apply with dry_run: at most this many rows listed (count has them all). */
  previewRows: 1000,
} as const;

export const RULE_FIELDS = ['payee', 'amount', 'account', 'notes'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
/** The operators each field takes. */
export const RULE_OPS: Readonly<Record<RuleField, readonly string[]>> = {
  payee: ['is', 'contains', 'starts_with'],
  amount: ['is', 'between'],
  account: ['is'],
  notes: ['contains'],
};

/** What bad rules answer (400; a category or account of another household is 404). */
export const RULE_MESSAGES = {
  nameRequired: 'Please give the rule a name.',
  nameTooLong: `A rule's name has at most ${RULE_LIMITS.name} characters.`,
  noCondition: 'A rule needs at least one condition.',
  tooManyConditions: `A rule has at most ${RULE_LIMITS.conditions} conditions.`,
  noAction: 'A rule needs at least one action: set a category, set a payee or add notes.',
  unknownCondition:
    'Unknown condition: use payee is / contains / starts with, amount is / between, account is or notes contains.',
  blankPattern: 'A payee or notes condition needs some text.',
  patternTooLong: `A payee or notes condition has at most ${RULE_LIMITS.pattern} characters.`,
  amountValue: 'An amount condition needs an amount (at most 2 decimals).',
  betweenBounds: 'An "amount between" condition needs two amounts, or one and an empty bound.',
  boundsReversed: 'The amount bounds are reversed: the first must not be above the second.',
  accountValue: 'An account condition needs an account.',
  payeeBlank: 'The payee a rule sets cannot be empty.',
  payeeTooLong: `The payee a rule sets has at most ${RULE_LIMITS.pattern} characters.`,
  notesBlank: 'The notes a rule adds cannot be empty.',
  notesTooLong: `The notes a rule adds have at most ${RULE_LIMITS.notes} characters.`,
  tooManyRules: `A household has at most ${RULE_LIMITS.rules} rules.`,
  reorderSet: 'Send every rule of the household exactly once, in the new order.',
  notFound: 'Rule not found.',
} as const;

/** What "Create rule from this row" knows of the row (the register and the import's reconcile page). */
export interface RuleSeed {
  payee: string;
  /** Dollars, signed. */
  amount?: number;
  categoryId?: number | null;
}

/** The Rules screen with its form open and filled from a row: `/settings/rules?new=1&payee=&amount=&category=`. */
export function createRulePath(seed: RuleSeed): string {
  const q = new URLSearchParams({ new: '1', payee: seed.payee });
  if (seed.amount !== undefined) q.set('amount', String(seed.amount));
  if (seed.categoryId) q.set('category', String(seed.categoryId));
  return `/settings/rules?${q.toString()}`;
}
