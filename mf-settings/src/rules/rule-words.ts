/**
 * The Rules screen's pure parts (docs/rules/rules.md): a rule said in words, the form's draft and
 * the request body it makes, and the draft "Create rule from this row" opens with.
 */
import { formatDollars } from '@hf/app-kit';
import { parseCurrencyInput } from '@hf/money';
import type { Rule, RuleBody, RuleConditionInput } from '@hf/contracts/rules';

export type { Rule, RuleBody };

export type ConditionField = 'payee' | 'amount' | 'account' | 'notes';
/** The form's operators: the API's `between` with an open bound is "at most" / "at least". */
export type FormOp = 'is' | 'contains' | 'starts_with' | 'between' | 'at_most' | 'at_least';

export const FIELD_LABELS: Readonly<Record<ConditionField, string>> = {
  payee: 'Payee',
  amount: 'Amount',
  account: 'Account',
  notes: 'Notes',
};

/** The operators each field offers in the form, with their words. */
export const FIELD_OPS: Readonly<Record<ConditionField, ReadonlyArray<{ op: FormOp; label: string }>>> = {
  payee: [
    { op: 'contains', label: 'contains' },
    { op: 'is', label: 'is' },
    { op: 'starts_with', label: 'starts with' },
  ],
  amount: [
    { op: 'at_most', label: 'is at most' },
    { op: 'at_least', label: 'is at least' },
    { op: 'is', label: 'is' },
    { op: 'between', label: 'is between' },
  ],
  account: [{ op: 'is', label: 'is' }],
  notes: [{ op: 'contains', label: 'contain' }],
};

export interface ConditionDraft {
  field: ConditionField;
  op: FormOp;
  /** Payee or notes text; the amount (or the low bound of between). */
  text: string;
  /** The high bound of between. */
  high: string;
  /** The account's id as the select holds it ('' for none chosen). */
  accountId: string;
}

export interface RuleDraft {
  name: string;
  conditions: ConditionDraft[];
  /** '' for no category action. */
  categoryId: string;
  payee: string;
  notes: string;
}

export const blankCondition = (field: ConditionField = 'payee'): ConditionDraft => ({
  field,
  op: FIELD_OPS[field][0].op,
  text: '',
  high: '',
  accountId: '',
});

export const blankDraft = (): RuleDraft => ({
  name: '',
  conditions: [blankCondition()],
  categoryId: '',
  payee: '',
  notes: '',
});

export interface Names {
  category: (id: number) => string | undefined;
  account: (id: number) => string | undefined;
}

const money = formatDollars;
const quoted = (text: string) => `'${text}'`;

/** "a, b and c". */
export function joinAnd(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** One stored condition in words: "payee contains 'AMZN'", "amount is at most $0.00". */
export function conditionWords(c: Rule['conditions'][number], names: Names): string {
  if (c.field === 'payee') {
    const op = c.op === 'starts_with' ? 'starts with' : c.op;
    return `payee ${op} ${quoted(String(c.value))}`;
  }
  if (c.field === 'notes') return `notes contain ${quoted(String(c.value))}`;
  if (c.field === 'account') return `account is ${names.account(Number(c.value)) ?? 'a deleted account'}`;
  if (c.op === 'is') return `amount is ${money(Number(c.value))}`;
  const [low, high] = c.value as Array<number | null>;
  if (low === null) return `amount is at most ${money(high!)}`;
  if (high === null) return `amount is at least ${money(low)}`;
  return `amount is between ${money(low)} and ${money(high)}`;
}

/** The whole rule in words: "When payee contains 'AMZN' and amount is at most $0.00, set category Shopping and payee Amazon." */
export function ruleSentence(rule: Pick<Rule, 'conditions' | 'actions'>, names: Names): string {
  const when = rule.conditions.map((c) => conditionWords(c, names));
  const set: string[] = [];
  if (rule.actions.category_id !== null)
    set.push(`category ${names.category(rule.actions.category_id) ?? 'a deleted category'}`);
  if (rule.actions.payee !== null) set.push(`payee ${rule.actions.payee}`);
  const does: string[] = [];
  if (set.length) does.push(`set ${joinAnd(set)}`);
  if (rule.actions.notes !== null) does.push(`add notes ${quoted(rule.actions.notes)}`);
  const first = when.length ? `When ${when.join(' and ')}` : 'When …';
  return `${first}, ${does.length ? does.join(' and ') : '…'}.`;
}

/** A condition of the form as the API takes it; a message when its value is missing or not an amount. */
function conditionBody(c: ConditionDraft): RuleConditionInput | string {
  const amount = (text: string) => (text.trim() === '' ? null : parseCurrencyInput(text));
  if (c.field === 'payee' || c.field === 'notes') {
    if (c.text.trim() === '') return `Type the text of the ${c.field} condition.`;
    return { field: c.field, op: c.op, value: c.text.trim() };
  }
  if (c.field === 'account') {
    if (c.accountId === '') return 'Choose the account.';
    return { field: 'account', op: 'is', value: Number(c.accountId) };
  }
  const low = amount(c.text);
  if (low === null) return 'Type an amount, like -25.00.';
  const dollars = low / 100;
  if (c.op === 'is') return { field: 'amount', op: 'is', value: dollars };
  if (c.op === 'at_most') return { field: 'amount', op: 'between', value: [null, dollars] };
  if (c.op === 'at_least') return { field: 'amount', op: 'between', value: [dollars, null] };
  const high = amount(c.high);
  if (high === null) return 'Type both amounts of "is between".';
  return { field: 'amount', op: 'between', value: [dollars, high / 100] };
}

/** The request body of a draft, or the first thing missing in words (the server judges the rest). */
export function draftBody(draft: RuleDraft): { body: RuleBody } | { message: string } {
  const conditions: RuleConditionInput[] = [];
  for (const c of draft.conditions) {
    const made = conditionBody(c);
    if (typeof made === 'string') return { message: made };
    conditions.push(made);
  }
  return {
    body: {
      name: draft.name.trim(),
      conditions,
      actions: {
        category_id: draft.categoryId === '' ? null : Number(draft.categoryId),
        payee: draft.payee.trim() === '' ? null : draft.payee.trim(),
        notes: draft.notes.trim() === '' ? null : draft.notes.trim(),
      },
    },
  };
}

const amountText = (dollars: number) => dollars.toFixed(2);

/** A saved rule as the form's draft. */
export function ruleDraft(rule: Rule): RuleDraft {
  return {
    name: rule.name,
    conditions: rule.conditions.map((c): ConditionDraft => {
      const base = blankCondition(c.field);
      if (c.field === 'account') return { ...base, accountId: String(c.value) };
      if (c.field !== 'amount') return { ...base, op: c.op as FormOp, text: String(c.value) };
      if (c.op === 'is') return { ...base, op: 'is', text: amountText(Number(c.value)) };
      const [low, high] = c.value as Array<number | null>;
      if (low === null) return { ...base, op: 'at_most', text: amountText(high!) };
      if (high === null) return { ...base, op: 'at_least', text: amountText(low) };
      return { ...base, op: 'between', text: amountText(low), high: amountText(high) };
    }),
    categoryId: rule.actions.category_id === null ? '' : String(rule.actions.category_id),
    payee: rule.actions.payee ?? '',
    notes: rule.actions.notes ?? '',
  };
}

/** The draft's conditions and actions as a stored rule would hold them, for the live sentence (null while incomplete). */
export function draftAsRule(draft: RuleDraft): Pick<Rule, 'conditions' | 'actions'> | null {
  const made = draftBody(draft);
  if ('message' in made) return null;
  return {
    conditions: made.body.conditions as Rule['conditions'],
    actions: {
      category_id: made.body.actions.category_id ?? null,
      payee: made.body.actions.payee ?? null,
      notes: made.body.actions.notes ?? null,
    },
  };
}

/** The draft a row opens: payee contains the row's payee, amount on the row's side of zero, its category, its payee. */
export function draftFromQuery(search: string): RuleDraft | null {
  const q = new URLSearchParams(search);
  if (q.get('new') !== '1') return null;
  const payee = (q.get('payee') ?? '').trim();
  const amount = Number(q.get('amount'));
  const conditions: ConditionDraft[] = [{ ...blankCondition('payee'), text: payee }];
  if (q.get('amount') !== null && Number.isFinite(amount))
    conditions.push({ ...blankCondition('amount'), op: amount < 0 ? 'at_most' : 'at_least', text: '0.00' });
  const category = q.get('category');
  return {
    name: payee,
    conditions,
    categoryId: category && /^\d+$/.test(category) ? category : '',
    payee,
    notes: '',
  };
}
