import { RULE_LIMITS, RULE_MESSAGES } from '@hf/contracts/rule-limits';

/**
 * Rules (docs/rules/rules.md): pure validation and evaluation, money in cents. A rule matches a
 * row when all its conditions hold; rules are tried in order (`position`) and, for each action
 * field (category, payee, notes), the first matching rule that sets it wins.
 */

export type RuleCondition =
  | { field: 'payee'; op: 'is' | 'contains' | 'starts_with'; value: string }
  | { field: 'notes'; op: 'contains'; value: string }
  | { field: 'amount'; op: 'is'; value: number }
  /** Inclusive; a null bound is open. */
  | { field: 'amount'; op: 'between'; value: [number | null, number | null] }
  | { field: 'account'; op: 'is'; value: number };

export interface RuleActions {
  category_id: number | null;
  payee: string | null;
  notes: string | null;
}

export interface RuleDefinition {
  id: number;
  name: string;
  conditions: RuleCondition[];
  actions: RuleActions;
}

/** The fields of a row that rules read. */
export interface RuleSubject {
  payee: string;
  /** Cents, signed. */
  amount: number;
  account_id: number;
  notes: string;
}

/** What the rules set on a row: each field with the rule that set it; `rule_id` is the first rule that matched. */
export interface RuleOutcome {
  rule_id: number;
  category_id: { value: number; rule_id: number } | null;
  payee: { value: string; rule_id: number } | null;
  notes: { value: string; rule_id: number } | null;
}

// ---------------------------------------------------------------------------------------------
// Text matching: case- and accent-insensitive
// ---------------------------------------------------------------------------------------------

const MARKS = /\p{M}/gu;
const ASCII = /^[\u0000-\u007f]*$/;

/** Text as rules compare it: without accents (é -> e, ß stays), lower case, spaces squeezed, trimmed. */
export function foldText(text: string): string {
  const plain = ASCII.test(text) ? text : text.normalize('NFKD').replace(MARKS, '');
  return plain.toLowerCase().replace(/\s+/g, ' ').trim();
}

// ---------------------------------------------------------------------------------------------
// Validation (a request's rule, amounts already in cents)
// ---------------------------------------------------------------------------------------------

export interface RuleDraft {
  name: string;
  conditions: ReadonlyArray<{ field: string; op: string; value: unknown }>;
  actions: { category_id?: number | null; payee?: string | null; notes?: string | null };
}

export type RuleCheck = { ok: true; rule: Omit<RuleDefinition, 'id'> } | { ok: false; message: string };

const isCents = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

function checkCondition(c: { field: string; op: string; value: unknown }): RuleCondition | string {
  if (c.field === 'payee' || c.field === 'notes') {
    const ops = c.field === 'payee' ? ['is', 'contains', 'starts_with'] : ['contains'];
    if (!ops.includes(c.op)) return RULE_MESSAGES.unknownCondition;
    if (typeof c.value !== 'string' || foldText(c.value) === '') return RULE_MESSAGES.blankPattern;
    const value = c.value.trim();
    if (value.length > RULE_LIMITS.pattern) return RULE_MESSAGES.patternTooLong;
    return { field: c.field, op: c.op, value } as RuleCondition;
  }
  if (c.field === 'amount') {
    if (c.op === 'is')
      return isCents(c.value) ? { field: 'amount', op: 'is', value: c.value } : RULE_MESSAGES.amountValue;
    if (c.op !== 'between') return RULE_MESSAGES.unknownCondition;
    const v = c.value;
    if (
      !Array.isArray(v) ||
      v.length !== 2 ||
      !v.every((b) => b === null || isCents(b)) ||
      (v[0] === null && v[1] === null)
    )
      return RULE_MESSAGES.betweenBounds;
    const [low, high] = v as [number | null, number | null];
    if (low !== null && high !== null && low > high) return RULE_MESSAGES.boundsReversed;
    return { field: 'amount', op: 'between', value: [low, high] };
  }
  if (c.field === 'account') {
    if (c.op !== 'is') return RULE_MESSAGES.unknownCondition;
    return typeof c.value === 'number' && Number.isInteger(c.value) && c.value > 0
      ? { field: 'account', op: 'is', value: c.value }
      : RULE_MESSAGES.accountValue;
  }
  return RULE_MESSAGES.unknownCondition;
}

/** A rule as stored, or the first thing wrong with it in plain words. */
export function checkRule(draft: RuleDraft): RuleCheck {
  const name = draft.name.trim();
  if (foldText(name) === '') return { ok: false, message: RULE_MESSAGES.nameRequired };
  if (name.length > RULE_LIMITS.name) return { ok: false, message: RULE_MESSAGES.nameTooLong };
  if (draft.conditions.length === 0) return { ok: false, message: RULE_MESSAGES.noCondition };
  if (draft.conditions.length > RULE_LIMITS.conditions) return { ok: false, message: RULE_MESSAGES.tooManyConditions };
  const conditions: RuleCondition[] = [];
  for (const c of draft.conditions) {
    const checked = checkCondition(c);
    if (typeof checked === 'string') return { ok: false, message: checked };
    conditions.push(checked);
  }
  const a = draft.actions;
  const categoryId = a.category_id ?? null;
  let payee: string | null = null;
  let notes: string | null = null;
  if (a.payee !== undefined && a.payee !== null) {
    payee = a.payee.trim();
    if (foldText(payee) === '') return { ok: false, message: RULE_MESSAGES.payeeBlank };
    if (payee.length > RULE_LIMITS.pattern) return { ok: false, message: RULE_MESSAGES.payeeTooLong };
  }
  if (a.notes !== undefined && a.notes !== null) {
    notes = a.notes.trim();
    if (notes === '') return { ok: false, message: RULE_MESSAGES.notesBlank };
    if (notes.length > RULE_LIMITS.notes) return { ok: false, message: RULE_MESSAGES.notesTooLong };
  }
  if (categoryId === null && payee === null && notes === null) return { ok: false, message: RULE_MESSAGES.noAction };
  return { ok: true, rule: { name, conditions, actions: { category_id: categoryId, payee, notes } } };
}

// ---------------------------------------------------------------------------------------------
// Evaluation: rules compiled once (patterns folded), then tried on each row
// ---------------------------------------------------------------------------------------------

/** A row's notes folded once, whatever the number of rules. */
interface Folded {
  notes: string | undefined;
}

type Test = (row: RuleSubject, folded: Folded) => boolean;

interface CompiledRule {
  id: number;
  /** The payee conditions: they depend on the payee alone, so their answer is kept per payee. */
  payeeTests: Array<(foldedPayee: string) => boolean>;
  /** The other conditions, cheap ones (account, amount) first. */
  tests: Test[];
  actions: RuleActions;
}

const foldedNotes = (row: RuleSubject, f: Folded) => (f.notes ??= foldText(row.notes));

function payeeTest(c: Extract<RuleCondition, { field: 'payee' }>): (foldedPayee: string) => boolean {
  const pattern = foldText(c.value);
  if (c.op === 'is') return (payee) => payee === pattern;
  if (c.op === 'starts_with') return (payee) => payee.startsWith(pattern);
  return (payee) => payee.includes(pattern);
}

function compileCondition(c: Exclude<RuleCondition, { field: 'payee' }>): { test: Test; cost: number } {
  switch (c.field) {
    case 'account': {
      const id = c.value;
      return { test: (row) => row.account_id === id, cost: 0 };
    }
    case 'amount': {
      if (c.op === 'is') {
        const cents = c.value;
        return { test: (row) => row.amount === cents, cost: 0 };
      }
      const low = c.value[0] ?? -Infinity;
      const high = c.value[1] ?? Infinity;
      return { test: (row) => row.amount >= low && row.amount <= high, cost: 0 };
    }
    case 'notes': {
      const pattern = foldText(c.value);
      return { test: (row, f) => foldedNotes(row, f).includes(pattern), cost: 2 };
    }
  }
}

/** Payees whose candidate rules are kept at most (an import's distinct payees; then the cache starts again). */
const PAYEE_CACHE_SIZE = 100_000;

/**
 * Rules in order, compiled once per request: patterns folded, cheap conditions first. The payee
 * conditions of all rules are judged once per distinct payee (an import repeats its payees), which
 * leaves, for each row, only the rules its payee allows, in order.
 */
export class CompiledRules {
  private readonly rules: CompiledRule[];
  private readonly byPayee = new Map<string, Int32Array>();

  constructor(rules: readonly RuleDefinition[]) {
    this.rules = rules.map((r) => ({
      id: r.id,
      payeeTests: r.conditions.flatMap((c) => (c.field === 'payee' ? [payeeTest(c)] : [])),
      tests: r.conditions
        .flatMap((c) => (c.field === 'payee' ? [] : [compileCondition(c)]))
        .sort((a, b) => a.cost - b.cost)
        .map((c) => c.test),
      actions: r.actions,
    }));
  }

  get size(): number {
    return this.rules.length;
  }

  /** The indexes of the rules whose payee conditions all hold for `payee`, in order. */
  private candidates(payee: string): Int32Array {
    let found = this.byPayee.get(payee);
    if (found) return found;
    const folded = foldText(payee);
    const indexes: number[] = [];
    for (let i = 0; i < this.rules.length; i++) {
      const tests = this.rules[i].payeeTests;
      let ok = true;
      for (let t = 0; t < tests.length && ok; t++) ok = tests[t](folded);
      if (ok) indexes.push(i);
    }
    found = Int32Array.from(indexes);
    if (this.byPayee.size >= PAYEE_CACHE_SIZE) this.byPayee.clear();
    this.byPayee.set(payee, found);
    return found;
  }

  /** What the rules set on `row`, or null when none matches. */
  evaluate(row: RuleSubject): RuleOutcome | null {
    const candidates = this.candidates(row.payee);
    if (candidates.length === 0) return null;
    const folded: Folded = { notes: undefined };
    let outcome: RuleOutcome | null = null;
    for (let k = 0; k < candidates.length; k++) {
      const rule = this.rules[candidates[k]];
      let ok = true;
      for (let t = 0; t < rule.tests.length && ok; t++) ok = rule.tests[t](row, folded);
      if (!ok) continue;
      const a = rule.actions;
      outcome ??= { rule_id: rule.id, category_id: null, payee: null, notes: null };
      if (a.category_id !== null && outcome.category_id === null)
        outcome.category_id = { value: a.category_id, rule_id: rule.id };
      if (a.payee !== null && outcome.payee === null) outcome.payee = { value: a.payee, rule_id: rule.id };
      if (a.notes !== null && outcome.notes === null) outcome.notes = { value: a.notes, rule_id: rule.id };
      if (outcome.category_id && outcome.payee && outcome.notes) break;
    }
    return outcome;
  }
}

/**
 * Notes after a rule adds `added`: appended after a space, unless the notes already hold it
 * (so that applying a rule twice changes nothing the second time).
 */
export function addNotes(notes: string, added: string): string {
  if (notes.includes(added)) return notes;
  return notes.trim() === '' ? added : `${notes} ${added}`;
}

/**
 * The row's payee, category and notes after `outcome` (the same object values when nothing changes).
 * A split row keeps its category (none: its lines carry them), as bulk categorize leaves it.
 */
export function applyOutcome<T extends { payee: string; category_id: number | null; notes: string; split?: boolean }>(
  row: T,
  outcome: RuleOutcome,
): { payee: string; category_id: number | null; notes: string } {
  return {
    payee: outcome.payee?.value ?? row.payee,
    category_id: row.split ? row.category_id : (outcome.category_id?.value ?? row.category_id),
    notes: outcome.notes ? addNotes(row.notes, outcome.notes.value) : row.notes,
  };
}
