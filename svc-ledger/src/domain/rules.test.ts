import { RULE_LIMITS, RULE_MESSAGES } from '@hf/contracts/rule-limits';
import {
  addNotes,
  applyOutcome,
  checkRule,
  CompiledRules,
  foldText,
  type RuleCondition,
  type RuleDefinition,
  type RuleDraft,
  type RuleSubject,
} from './rules';

const row = (fields: Partial<RuleSubject> = {}): RuleSubject => ({
  payee: 'AMZN Mktp US',
  amount: -2599,
  account_id: 1,
  notes: '',
  ...fields,
});

let nextId = 1;
const rule = (conditions: RuleCondition[], actions: Partial<RuleDefinition['actions']> = {}): RuleDefinition => ({
  id: nextId++,
  name: `rule ${nextId}`,
  conditions,
  actions: { category_id: null, payee: null, notes: null, ...actions },
});

const matches = (c: RuleCondition, subject: RuleSubject) =>
  new CompiledRules([rule([c], { category_id: 5 })]).evaluate(subject) !== null;

describe('foldText', () => {
  it.each([
    ['Café', 'cafe'],
    ['CRÈME Brûlée', 'creme brulee'],
    ['  a   b\tc ', 'a b c'],
    ['Ｍｉｇｒｏｓ', 'migros'],
    ['Ñandú', 'nandu'],
  ])('%j -> %j', (input, folded) => expect(foldText(input)).toBe(folded));
});

describe('conditions', () => {
  it.each<[string, RuleCondition, Partial<RuleSubject>, boolean]>([
    ['payee is: same text', { field: 'payee', op: 'is', value: 'amzn mktp us' }, {}, true],
    ['payee is: other case and accents', { field: 'payee', op: 'is', value: 'Café' }, { payee: 'CAFE' }, true],
    ['payee is: accents on the row', { field: 'payee', op: 'is', value: 'cafe' }, { payee: 'Café' }, true],
    ['payee is: a part is not enough', { field: 'payee', op: 'is', value: 'amzn' }, {}, false],
    ['payee contains', { field: 'payee', op: 'contains', value: 'MKTP' }, {}, true],
    ['payee contains: not there', { field: 'payee', op: 'contains', value: 'ebay' }, {}, false],
    ['payee contains: accents', { field: 'payee', op: 'contains', value: 'école' }, { payee: 'ECOLE Saint' }, true],
    ['payee starts_with', { field: 'payee', op: 'starts_with', value: 'amzn' }, {}, true],
    [
      'payee starts_with: in the middle is not a start',
      { field: 'payee', op: 'starts_with', value: 'mktp' },
      {},
      false,
    ],
    ['amount is (signed)', { field: 'amount', op: 'is', value: -2599 }, {}, true],
    ['amount is: the opposite sign is another amount', { field: 'amount', op: 'is', value: 2599 }, {}, false],
    ['amount between: inside', { field: 'amount', op: 'between', value: [-5000, 0] }, {}, true],
    ['amount between: low bound inclusive', { field: 'amount', op: 'between', value: [-2599, 0] }, {}, true],
    ['amount between: high bound inclusive', { field: 'amount', op: 'between', value: [-9000, -2599] }, {}, true],
    ['amount between: one cent below', { field: 'amount', op: 'between', value: [-2598, 0] }, {}, false],
    ['amount between: one cent above', { field: 'amount', op: 'between', value: [-9000, -2600] }, {}, false],
    ['amount between: open low bound (at most)', { field: 'amount', op: 'between', value: [null, 0] }, {}, true],
    ['amount between: open high bound (at least)', { field: 'amount', op: 'between', value: [0, null] }, {}, false],
    [
      'amount between: a deposit is not below zero',
      { field: 'amount', op: 'between', value: [null, -1] },
      { amount: 500 },
      false,
    ],
    ['account is', { field: 'account', op: 'is', value: 1 }, {}, true],
    ['account is: another account', { field: 'account', op: 'is', value: 2 }, {}, false],
    ['notes contains', { field: 'notes', op: 'contains', value: 'gift' }, { notes: 'A GIFT for mum' }, true],
    ['notes contains: empty notes', { field: 'notes', op: 'contains', value: 'gift' }, {}, false],
  ])('%s', (_label, condition, fields, expected) => {
    expect(matches(condition, row(fields))).toBe(expected);
  });

  it('every condition must hold', () => {
    const both = new CompiledRules([
      rule(
        [
          { field: 'payee', op: 'contains', value: 'amzn' },
          { field: 'amount', op: 'between', value: [null, 0] },
        ],
        { category_id: 7 },
      ),
    ]);
    expect(both.evaluate(row())).not.toBeNull();
    expect(both.evaluate(row({ amount: 2599 }))).toBeNull();
    expect(both.evaluate(row({ payee: 'Tesco' }))).toBeNull();
  });
});

describe('order and first match per action field', () => {
  it('answers null when no rule matches, and with no rules at all', () => {
    expect(new CompiledRules([]).evaluate(row())).toBeNull();
    expect(
      new CompiledRules([rule([{ field: 'payee', op: 'is', value: 'x' }], { category_id: 1 })]).evaluate(row()),
    ).toBeNull();
  });

  it('the first matching rule in order sets each field; later rules fill only the fields still free', () => {
    const first = rule([{ field: 'payee', op: 'contains', value: 'amzn' }], { category_id: 10 });
    const second = rule([{ field: 'amount', op: 'between', value: [null, 0] }], { category_id: 20, payee: 'Amazon' });
    const third = rule([{ field: 'account', op: 'is', value: 1 }], { payee: 'Other', notes: 'online' });
    const outcome = new CompiledRules([first, second, third]).evaluate(row());
    expect(outcome).toEqual({
      rule_id: first.id,
      category_id: { value: 10, rule_id: first.id },
      payee: { value: 'Amazon', rule_id: second.id },
      notes: { value: 'online', rule_id: third.id },
    });
  });

  it('order decides: the same rules the other way round give the other category', () => {
    const a = rule([{ field: 'payee', op: 'contains', value: 'amzn' }], { category_id: 10 });
    const b = rule([{ field: 'payee', op: 'starts_with', value: 'amzn' }], { category_id: 20 });
    expect(new CompiledRules([a, b]).evaluate(row())?.category_id?.value).toBe(10);
    expect(new CompiledRules([b, a]).evaluate(row())?.category_id?.value).toBe(20);
  });

  it('a rule that does not match leaves the field to a later one', () => {
    const a = rule([{ field: 'payee', op: 'is', value: 'tesco' }], { category_id: 10 });
    const b = rule([{ field: 'payee', op: 'contains', value: 'amzn' }], { category_id: 20 });
    const outcome = new CompiledRules([a, b]).evaluate(row());
    expect(outcome?.rule_id).toBe(b.id);
    expect(outcome?.category_id).toEqual({ value: 20, rule_id: b.id });
  });

  it('compiled rules are reused across rows (a payee folded once per row)', () => {
    const rules = new CompiledRules([
      rule([{ field: 'payee', op: 'contains', value: 'é' }], { category_id: 1 }),
      rule([{ field: 'payee', op: 'is', value: 'CAFÉ' }], { payee: 'Café' }),
    ]);
    expect(rules.size).toBe(2);
    expect(rules.evaluate(row({ payee: 'cafe' }))?.payee?.value).toBe('Café');
    expect(rules.evaluate(row({ payee: 'Migros' }))).toBeNull();
  });
});

describe('applying an outcome', () => {
  it('sets category and payee and adds notes; applying the rule again changes nothing', () => {
    const rules = new CompiledRules([
      rule([{ field: 'amount', op: 'between', value: [null, 0] }], {
        category_id: 3,
        payee: 'Amazon',
        notes: 'online',
      }),
    ]);
    const before = { payee: 'AMZN Mktp', category_id: null, notes: 'books' };
    const once = applyOutcome(before, rules.evaluate({ ...before, amount: -100, account_id: 1 })!);
    expect(once).toEqual({ payee: 'Amazon', category_id: 3, notes: 'books online' });
    const twice = applyOutcome(once, rules.evaluate({ ...once, amount: -100, account_id: 1 })!);
    expect(twice).toEqual(once);
  });

  it("leaves a split row's category alone (its lines keep theirs) and still sets its payee and notes", () => {
    const rules = new CompiledRules([
      rule([{ field: 'payee', op: 'contains', value: 'amzn' }], { category_id: 3, payee: 'Amazon', notes: 'online' }),
    ]);
    const before = { payee: 'AMZN Mktp', category_id: null, notes: '', split: true };
    const after = applyOutcome(before, rules.evaluate({ ...before, amount: -100, account_id: 1 })!);
    expect(after).toEqual({ payee: 'Amazon', category_id: null, notes: 'online' });
  });

  it.each([
    ['', 'online', 'online'],
    ['  ', 'online', 'online'],
    ['books', 'online', 'books online'],
    ['books online', 'online', 'books online'],
  ])('addNotes(%j, %j) = %j', (notes, added, result) => expect(addNotes(notes, added)).toBe(result));
});

describe('checkRule', () => {
  const valid: RuleDraft = {
    name: ' Amazon ',
    conditions: [{ field: 'payee', op: 'contains', value: ' amzn ' }],
    actions: { category_id: 12 },
  };

  it('answers the rule as stored: trimmed texts, absent actions as null', () => {
    expect(checkRule(valid)).toEqual({
      ok: true,
      rule: {
        name: 'Amazon',
        conditions: [{ field: 'payee', op: 'contains', value: 'amzn' }],
        actions: { category_id: 12, payee: null, notes: null },
      },
    });
  });

  it('keeps every kind of condition', () => {
    const conditions = [
      { field: 'payee', op: 'is', value: 'A' },
      { field: 'payee', op: 'starts_with', value: 'B' },
      { field: 'amount', op: 'is', value: -500 },
      { field: 'amount', op: 'between', value: [-500, 0] },
      { field: 'amount', op: 'between', value: [null, 0] },
      { field: 'amount', op: 'between', value: [0, null] },
      { field: 'amount', op: 'between', value: [7, 7] },
      { field: 'account', op: 'is', value: 3 },
      { field: 'notes', op: 'contains', value: 'x' },
    ];
    const checked = checkRule({ ...valid, conditions });
    expect(checked.ok && checked.rule.conditions).toEqual(conditions);
  });

  it.each<[string, Partial<RuleDraft>, string]>([
    ['an empty condition list', { conditions: [] }, RULE_MESSAGES.noCondition],
    ['no action', { actions: {} }, RULE_MESSAGES.noAction],
    ['only null actions', { actions: { category_id: null, payee: null, notes: null } }, RULE_MESSAGES.noAction],
    ['a blank name', { name: '  ' }, RULE_MESSAGES.nameRequired],
    ['a long name', { name: 'n'.repeat(RULE_LIMITS.name + 1) }, RULE_MESSAGES.nameTooLong],
    [
      '1,000 conditions',
      { conditions: Array.from({ length: 1000 }, () => ({ field: 'payee', op: 'contains', value: 'a' })) },
      RULE_MESSAGES.tooManyConditions,
    ],
    [
      'a payee pattern of 10,000 characters',
      { conditions: [{ field: 'payee', op: 'contains', value: 'a'.repeat(10_000) }] },
      RULE_MESSAGES.patternTooLong,
    ],
    ['a blank pattern', { conditions: [{ field: 'payee', op: 'is', value: ' ' }] }, RULE_MESSAGES.blankPattern],
    [
      'a number as a payee pattern',
      { conditions: [{ field: 'payee', op: 'is', value: 5 }] },
      RULE_MESSAGES.blankPattern,
    ],
    ['an unknown field', { conditions: [{ field: 'date', op: 'is', value: 'x' }] }, RULE_MESSAGES.unknownCondition],
    [
      'an operator the field lacks',
      { conditions: [{ field: 'notes', op: 'is', value: 'x' }] },
      RULE_MESSAGES.unknownCondition,
    ],
    [
      'amount bounds reversed',
      { conditions: [{ field: 'amount', op: 'between', value: [0, -500] }] },
      RULE_MESSAGES.boundsReversed,
    ],
    [
      'between with one value',
      { conditions: [{ field: 'amount', op: 'between', value: [5] }] },
      RULE_MESSAGES.betweenBounds,
    ],
    [
      'between with two open bounds',
      { conditions: [{ field: 'amount', op: 'between', value: [null, null] }] },
      RULE_MESSAGES.betweenBounds,
    ],
    ['amount is a text', { conditions: [{ field: 'amount', op: 'is', value: '5' }] }, RULE_MESSAGES.amountValue],
    [
      'amount is a fraction of a cent',
      { conditions: [{ field: 'amount', op: 'is', value: 1.5 }] },
      RULE_MESSAGES.amountValue,
    ],
    [
      'an account that is not an id',
      { conditions: [{ field: 'account', op: 'is', value: 'x' }] },
      RULE_MESSAGES.accountValue,
    ],
    ['a blank payee to set', { actions: { payee: ' ' } }, RULE_MESSAGES.payeeBlank],
    ['a long payee to set', { actions: { payee: 'p'.repeat(RULE_LIMITS.pattern + 1) } }, RULE_MESSAGES.payeeTooLong],
    ['blank notes to add', { actions: { notes: ' ' } }, RULE_MESSAGES.notesBlank],
    ['long notes to add', { actions: { notes: 'n'.repeat(RULE_LIMITS.notes + 1) } }, RULE_MESSAGES.notesTooLong],
  ])('refuses %s', (_label, change, message) => {
    expect(checkRule({ ...valid, ...change })).toEqual({ ok: false, message });
  });

  it('accepts the maximum number of conditions and a pattern of the maximum length', () => {
    const conditions = Array.from({ length: RULE_LIMITS.conditions }, () => ({
      field: 'payee',
      op: 'contains',
      value: 'a'.repeat(RULE_LIMITS.pattern),
    }));
    expect(checkRule({ ...valid, conditions }).ok).toBe(true);
  });
});
