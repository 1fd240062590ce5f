import { addTransaction, ledgerForFile, openAccount, outboxSince, register, snapshot, type Json } from './helpers';

const ledger = ledgerForFile('categories');
const call = ledger.client(1);
const other = ledger.client(2);
let foreignCategory: number;

beforeAll(async () => {
  foreignCategory = (await other('POST', '/api/categories/', { name: 'Theirs' })).body.id;
});

const create = async (name: string, parent_id?: number | null) => {
  const res = await call('POST', '/api/categories/', parent_id === undefined ? { name } : { name, parent_id });
  if (res.status !== 201) throw new Error(`create ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
};
const tree = async () => (await call('GET', '/api/categories/')).body;

describe('GET/POST /api/categories/', () => {
  it('builds a two-level tree sorted by name, case-insensitively', async () => {
    const h = ledger.client(3);
    const zoo = (await h('POST', '/api/categories/', { name: 'zoo' })).body.id;
    const auto = (await h('POST', '/api/categories/', { name: 'Auto' })).body.id;
    const res = await h('POST', '/api/categories/', { name: 'Fuel', parent_id: auto });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Fuel', parent_id: auto });
    await h('POST', '/api/categories/', { name: 'insurance', parent_id: auto });
    const list = (await h('GET', '/api/categories/')).body;
    expect(list).toEqual([
      {
        id: auto,
        name: 'Auto',
        parent_id: null,
        children: [
          { id: res.body.id, name: 'Fuel', parent_id: auto },
          { id: expect.any(Number), name: 'insurance', parent_id: auto },
        ],
      },
      { id: zoo, name: 'zoo', parent_id: null, children: [] },
    ]);
    // Another household sees none of it.
    expect((await other('GET', '/api/categories/')).body.map((c: Json) => c.name)).toEqual(['Theirs']);
  });

  it('refuses blank names, sibling duplicates (any case), a third level and a foreign parent; nothing changes', async () => {
    const food = await create('Food');
    const groceries = await create('Groceries', food);
    await create('Groceries'); // the same name at another level is fine
    const before = await snapshot(ledger.app);
    const blank = await call('POST', '/api/categories/', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Category name cannot be empty.');
    const dup = await call('POST', '/api/categories/', { name: 'FOOD' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A category named "Food" already exists.');
    expect((await call('POST', '/api/categories/', { name: 'groceries', parent_id: food })).status).toBe(409);
    const third = await call('POST', '/api/categories/', { name: 'Apples', parent_id: groceries });
    expect(third.status).toBe(400);
    expect(third.body.message).toMatch(/two levels/);
    expect((await call('POST', '/api/categories/', { name: 'Colon: name' })).status).toBe(400);
    expect((await call('POST', '/api/categories/', { name: '-- Transfer --' })).status).toBe(400);
    expect((await call('POST', '/api/categories/', { name: 'Mine', parent_id: foreignCategory })).status).toBe(404);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('PUT /api/categories/:id', () => {
  it('renames and re-parents (parent_id null = top level)', async () => {
    const home = await create('Home');
    const garden = await create('Garden');
    const renamed = await call('PUT', `/api/categories/${garden}`, { name: 'Garden & Yard' });
    expect(renamed.body).toEqual({ id: garden, name: 'Garden & Yard', parent_id: null });
    const moved = await call('PUT', `/api/categories/${garden}`, { parent_id: home });
    expect(moved.status).toBe(200);
    expect(moved.body.parent_id).toBe(home);
    expect((await tree()).find((c: Json) => c.id === home).children.map((c: Json) => c.name)).toEqual([
      'Garden & Yard',
    ]);
    const top = await call('PUT', `/api/categories/${garden}`, { parent_id: null });
    expect(top.body.parent_id).toBeNull();
  });

  it('refuses under itself, under its own child, to a third level, a parent with children as child, a taken name', async () => {
    const a = await create('Alpha');
    const a1 = await create('Alpha One', a);
    const b = await create('Beta');
    const b1 = await create('Beta One', b);
    const c = await create('Gamma');
    const before = await snapshot(ledger.app);
    const cases: Array<[number, object, number, RegExp]> = [
      [a, { parent_id: a }, 400, /its own parent/],
      [a, { parent_id: a1 }, 400, /its own sub-category/],
      [c, { parent_id: b1 }, 400, /two levels/],
      [a, { parent_id: b }, 400, /with sub-categories cannot become a sub-category/],
      [c, { name: 'alpha' }, 409, /already exists/],
      [a1, { parent_id: null, name: 'beta' }, 409, /already exists/],
      [c, { name: '' }, 400, /empty/],
      [c, {}, 400, /new name or a new parent/],
    ];
    for (const [id, body, status, message] of cases) {
      const res = await call('PUT', `/api/categories/${id}`, body);
      expect([res.status, res.body.message]).toEqual([status, expect.stringMatching(message)]);
    }
    expect((await call('PUT', `/api/categories/${c}`, { parent_id: foreignCategory })).status).toBe(404);
    expect((await call('PUT', `/api/categories/${foreignCategory}`, { name: 'Stolen' })).status).toBe(404);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('DELETE /api/categories/:id', () => {
  it('children become top-level (renamed when the name is taken) and rows become uncategorised', async () => {
    const h = ledger.client(4);
    const mk = async (name: string, parent_id?: number) =>
      (await h('POST', '/api/categories/', { name, parent_id })).body.id;
    const travel = await mk('Travel');
    const flights = await mk('Flights', travel);
    const misc = await mk('Misc', travel);
    await mk('Misc');
    const same = await mk('Travel', travel);
    const account = await openAccount(h, 'Acct', 0);
    const row = await addTransaction(h, account, { category_id: travel });
    const childRow = await addTransaction(h, account, { category_id: flights });
    const res = await h('DELETE', `/api/categories/${travel}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Category deleted.');
    const list = (await h('GET', '/api/categories/')).body;
    expect(list.map((c: Json) => [c.id, c.name, c.parent_id])).toEqual([
      [flights, 'Flights', null],
      [expect.any(Number), 'Misc', null],
      [misc, 'Misc (Travel)', null],
      [same, 'Travel', null],
    ]);
    const rows = await register(h, account);
    expect(rows.find((r) => r.id === row.id).category_id).toBeNull();
    expect(rows.find((r) => r.id === childRow.id).category_name).toBe('Flights');
  });

  it('a foreign category is 404', async () => {
    const before = await snapshot(ledger.app);
    expect((await call('DELETE', `/api/categories/${foreignCategory}`)).status).toBe(404);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});

describe('POST /api/categories/merge', () => {
  it('re-assigns rows and sub-categories (merging same-named ones), deletes the source, in one go', async () => {
    const h = ledger.client(5);
    const mk = async (name: string, parent_id?: number) =>
      (await h('POST', '/api/categories/', { name, parent_id })).body.id;
    const dining = await mk('Dining');
    const lunch = await mk('Lunch', dining);
    const snacks = await mk('Snacks', dining);
    const food = await mk('Food');
    const foodSnacks = await mk('snacks', food);
    const account = await openAccount(h, 'Acct', 0);
    const r1 = await addTransaction(h, account, { category_id: dining });
    const r2 = await addTransaction(h, account, { category_id: snacks });
    const r3 = await addTransaction(h, account, { category_id: lunch });
    const since = (await outboxSince(ledger.app)).at(-1)!.sequence;
    const res = await h('POST', '/api/categories/merge', { source_id: dining, destination_id: food });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Categories merged successfully.');
    expect((await h('GET', '/api/categories/')).body).toEqual([
      {
        id: food,
        name: 'Food',
        parent_id: null,
        children: [
          { id: lunch, name: 'Lunch', parent_id: food },
          { id: foodSnacks, name: 'snacks', parent_id: food },
        ],
      },
    ]);
    const rows = await register(h, account);
    expect(rows.map((r) => [r.id, r.category_name])).toEqual([
      [r1.id, 'Food'],
      [r2.id, 'Food: snacks'],
      [r3.id, 'Food: Lunch'],
    ]);
    const [event] = await outboxSince(ledger.app, since);
    expect(event.type).toBe('ledger.category.merged.v1');
    expect(event.data).toMatchObject({
      reassigned: [
        { from_category_id: dining, to_category_id: food },
        { from_category_id: snacks, to_category_id: foodSnacks },
      ],
      reparented: [{ id: lunch, parent_id: food }],
      deleted_category_ids: [snacks, dining],
    });
  });

  it('a child merges into its parent', async () => {
    const h = ledger.client(6);
    const parent = (await h('POST', '/api/categories/', { name: 'P' })).body.id;
    const child = (await h('POST', '/api/categories/', { name: 'C', parent_id: parent })).body.id;
    expect((await h('POST', '/api/categories/merge', { source_id: child, destination_id: parent })).status).toBe(200);
    expect((await h('GET', '/api/categories/')).body).toEqual([
      { id: parent, name: 'P', parent_id: null, children: [] },
    ]);
  });

  it('refuses merging into itself or its own child (400), foreign ids (404); nothing changes', async () => {
    const x = await create('Xray');
    const x1 = await create('Xray One', x);
    const y = await create('Yankee');
    const y1 = await create('Yankee One', y);
    const before = await snapshot(ledger.app);
    const self = await call('POST', '/api/categories/merge', { source_id: x, destination_id: x });
    expect([self.status, self.body.message]).toEqual([400, 'A category cannot be merged into itself.']);
    const child = await call('POST', '/api/categories/merge', { source_id: x, destination_id: x1 });
    expect([child.status, child.body.message]).toEqual([400, 'A category cannot be merged into its own sub-category.']);
    expect((await call('POST', '/api/categories/merge', { source_id: x, destination_id: y1 })).status).toBe(400);
    expect(
      (await call('POST', '/api/categories/merge', { source_id: x, destination_id: foreignCategory })).status,
    ).toBe(404);
    expect(
      (await call('POST', '/api/categories/merge', { source_id: foreignCategory, destination_id: y })).status,
    ).toBe(404);
    expect(await snapshot(ledger.app)).toBe(before);
  });
});
