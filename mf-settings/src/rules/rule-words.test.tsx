import { createRulePath } from '@hf/contracts/rule-limits';
import { blankDraft, draftBody, draftFromQuery, joinAnd, ruleDraft, ruleSentence, type Rule } from './rule-words';

const names = {
  category: (id: number) => ({ 5: 'Shopping', 6: 'Food: Groceries' })[id],
  account: (id: number) => ({ 3: 'Checking' })[id],
};

const rule = (fields: Partial<Rule>): Rule => ({
  id: 1,
  name: 'Amazon',
  position: 1,
  conditions: [{ field: 'payee', op: 'contains', value: 'AMZN' }],
  actions: { category_id: 5, payee: null, notes: null },
  ...fields,
});

describe('ruleSentence', () => {
  it("says the issue's example in plain words", () => {
    expect(
      ruleSentence(
        rule({
          conditions: [
            { field: 'payee', op: 'contains', value: 'AMZN' },
            { field: 'amount', op: 'between', value: [null, 0] },
          ],
          actions: { category_id: 5, payee: 'Amazon', notes: null },
        }),
        names,
      ),
    ).toBe("When payee contains 'AMZN' and amount is at most $0.00, set category Shopping and payee Amazon.");
  });

  it.each<[Rule['conditions'][number], string]>([
    [{ field: 'payee', op: 'is', value: 'Tesco' }, "payee is 'Tesco'"],
    [{ field: 'payee', op: 'starts_with', value: 'SQ *' }, "payee starts with 'SQ *'"],
    [{ field: 'amount', op: 'is', value: -12.5 }, 'amount is -$12.50'],
    [{ field: 'amount', op: 'between', value: [-500, 0] }, 'amount is between -$500.00 and $0.00'],
    [{ field: 'amount', op: 'between', value: [1000, null] }, 'amount is at least $1,000.00'],
    [{ field: 'account', op: 'is', value: 3 }, 'account is Checking'],
    [{ field: 'account', op: 'is', value: 99 }, 'account is a deleted account'],
    [{ field: 'notes', op: 'contains', value: 'gift' }, "notes contain 'gift'"],
  ])('%j -> %s', (condition, words) => {
    expect(ruleSentence(rule({ conditions: [condition] }), names)).toBe(`When ${words}, set category Shopping.`);
  });

  it('names every action', () => {
    expect(ruleSentence(rule({ actions: { category_id: 6, payee: 'Corner Shop', notes: 'weekly' } }), names)).toBe(
      "When payee contains 'AMZN', set category Food: Groceries and payee Corner Shop and add notes 'weekly'.",
    );
    expect(ruleSentence(rule({ actions: { category_id: null, payee: null, notes: 'x' } }), names)).toBe(
      "When payee contains 'AMZN', add notes 'x'.",
    );
  });

  it('joinAnd', () => {
    expect([joinAnd([]), joinAnd(['a']), joinAnd(['a', 'b']), joinAnd(['a', 'b', 'c'])]).toEqual([
      '',
      'a',
      'a and b',
      'a, b and c',
    ]);
  });
});

describe('drafts and bodies', () => {
  it('a saved rule round-trips through the form', () => {
    const saved = rule({
      conditions: [
        { field: 'payee', op: 'starts_with', value: 'AMZN' },
        { field: 'amount', op: 'between', value: [null, 0] },
        { field: 'amount', op: 'between', value: [-10.5, 20] },
        { field: 'amount', op: 'between', value: [5, null] },
        { field: 'amount', op: 'is', value: -3 },
        { field: 'account', op: 'is', value: 3 },
        { field: 'notes', op: 'contains', value: 'gift' },
      ],
      actions: { category_id: 5, payee: 'Amazon', notes: 'online' },
    });
    const made = draftBody(ruleDraft(saved));
    expect(made).toEqual({
      body: { name: 'Amazon', conditions: saved.conditions, actions: saved.actions },
    });
  });

  it('says what is missing instead of sending it', () => {
    expect(draftBody(blankDraft())).toEqual({ message: 'Type the text of the payee condition.' });
    const draft = blankDraft();
    draft.conditions = [{ field: 'amount', op: 'between', text: '-5', high: '', accountId: '' }];
    expect(draftBody(draft)).toEqual({ message: 'Type both amounts of "is between".' });
    draft.conditions = [{ field: 'account', op: 'is', text: '', high: '', accountId: '' }];
    expect(draftBody(draft)).toEqual({ message: 'Choose the account.' });
  });

  it('a register row opens a draft: payee contains it, amount on its side of zero, its category and payee', () => {
    const path = createRulePath({ payee: 'AMZN Mktp', amount: -25.99, categoryId: 5 });
    expect(path).toBe('/settings/rules?new=1&payee=AMZN+Mktp&amount=-25.99&category=5');
    expect(draftFromQuery(path.slice(path.indexOf('?')))).toEqual({
      name: 'AMZN Mktp',
      conditions: [
        { field: 'payee', op: 'contains', text: 'AMZN Mktp', high: '', accountId: '' },
        { field: 'amount', op: 'at_most', text: '0.00', high: '', accountId: '' },
      ],
      categoryId: '5',
      payee: 'AMZN Mktp',
      notes: '',
    });
    expect(draftFromQuery('?payee=x')).toBeNull();
    expect(draftFromQuery(createRulePath({ payee: 'Salary', amount: 100 }).split('?')[1])?.conditions[1].op).toBe(
      'at_least',
    );
  });
});
