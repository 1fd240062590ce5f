import { addCategory, addRow, openAccount, q, startStack, type Call, type Stack } from './helpers';

const H = 4101;
let stack: Stack;
let ledger: Call;
let reports: Call;
let checking: number;
let savings: number;
let food: number;
let groceries: number;
let dining: number;
let salary: number;

const range = { start_date: '2025-03-01', end_date: '2025-03-31' };

beforeAll(async () => {
  stack = await startStack('inprocess', 'reportsroutes');
  ledger = stack.ledgerAs(H);
  reports = stack.reportsAs(H);
  checking = await openAccount(ledger, 'Checking', 1000);
  savings = await openAccount(ledger, 'Savings', 0);
  food = await addCategory(ledger, 'Food');
  groceries = await addCategory(ledger, 'Groceries', food);
  dining = await addCategory(ledger, 'Dining', food);
  salary = await addCategory(ledger, 'Salary');
  // March 2025: groceries 120.10 - 20.05 refund, dining 30, food itself 5, uncategorised 7.77, salary 2000.
  await addRow(ledger, checking, { date: '2025-03-01', payee: 'Market', amount: -120.1, category_id: groceries });
  await addRow(ledger, checking, { date: '2025-03-31', payee: 'Market', amount: 20.05, category_id: groceries });
  await addRow(ledger, savings, { date: '2025-03-10', payee: 'Bistro', amount: -30, category_id: dining });
  await addRow(ledger, checking, { date: '2025-03-11', payee: 'Snacks', amount: -5, category_id: food });
  await addRow(ledger, checking, { date: '2025-03-12', payee: 'Kiosk', amount: -7.77 });
  await addRow(ledger, checking, { date: '2025-03-25', payee: 'Employer', amount: 2000, category_id: salary });
  // Outside the range, a transfer and a budgeted row: never counted.
  await addRow(ledger, checking, { date: '2025-02-28', payee: 'Market', amount: -99, category_id: groceries });
  await addRow(ledger, checking, { date: '2025-04-01', payee: 'Market', amount: -98, category_id: groceries });
  const transfer = await ledger('POST', '/api/accounts/transfer', {
    from_account_id: checking,
    to_account_id: savings,
    amount: 500,
    date: '2025-03-15',
  });
  expect(transfer.status).toBe(201);
  const budgeted = await stack.internal('PUT', '/internal/budgeted-rows', {
    household_id: H,
    account_id: checking,
    schedule_id: 77,
    month: '2025-03',
    date: '2025-03-20',
    payee: 'Rent',
    amount_cents: -90000,
    category_id: food,
  });
  expect(budgeted.status).toBe(200);
});

afterAll(async () => {
  await stack?.close();
});

describe('GET /api/reports/spending_by_category', () => {
  it('sums payments net of refunds per category, parents carrying their children and own rows, with Uncategorized', async () => {
    const res = await reports('GET', `/api/reports/spending_by_category?${q(range)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: food,
        name: 'Food',
        value: 135.05,
        children: [
          { id: groceries, name: 'Groceries', value: 100.05, children: [] },
          { id: dining, name: 'Dining', value: 30, children: [] },
        ],
      },
      { id: null, name: 'Uncategorized', value: 7.77, children: [] },
    ]);
  });

  it('sorts by name, case-insensitively, children too', async () => {
    await addCategory(ledger, 'aardvark care');
    const res = await reports('GET', `/api/reports/spending_by_category?${q({ ...range, sort_by: 'name' })}`);
    expect(res.body.map((i: { name: string }) => i.name)).toEqual(['Food', 'Uncategorized']);
    expect(res.body[0].children.map((i: { name: string }) => i.name)).toEqual(['Dining', 'Groceries']);
  });

  it('counts only the chosen accounts', async () => {
    const res = await reports(
      'GET',
      `/api/reports/spending_by_category?${q({ ...range, account_ids: String(savings) })}`,
    );
    expect(res.body).toEqual([
      { id: food, name: 'Food', value: 30, children: [{ id: dining, name: 'Dining', value: 30, children: [] }] },
    ]);
  });

  it('leaves out hidden categories (hide_category_ids), as the screen and its CSV do', async () => {
    let res = await reports(
      'GET',
      `/api/reports/spending_by_category?${q({ ...range, hide_category_ids: `${dining},uncategorized` })}`,
    );
    expect(res.body).toEqual([
      {
        id: food,
        name: 'Food',
        value: 105.05,
        children: [{ id: groceries, name: 'Groceries', value: 100.05, children: [] }],
      },
    ]);
    res = await reports(
      'GET',
      `/api/reports/spending_by_category?${q({ ...range, hide_category_ids: String(food), format: 'csv' })}`,
    );
    expect(res.text).toBe('Category,Parent,Amount,Subtotal\r\nUncategorized,,7.77,7.77\r\n');
    res = await reports('GET', `/api/reports/spending_by_payee?${q({ ...range, hide_category_ids: String(food) })}`);
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'hide_category_ids applies to the reports by category only.' },
    });
  });

  it('writes one row per category: a parent column, its own amount and a separate subtotal, two decimals', async () => {
    const res = await reports('GET', `/api/reports/spending_by_category?${q({ ...range, format: 'csv' })}`);
    expect(res.text).toBe(
      [
        'Category,Parent,Amount,Subtotal',
        'Food,,5.00,135.05',
        'Groceries,Food,100.05,',
        'Dining,Food,30.00,',
        'Uncategorized,,7.77,7.77',
        '',
      ].join('\r\n'),
    );
    // A spreadsheet's sum of the Amount column: each counted row once (120.10 - 20.05 + 30 + 5 + 7.77).
    const amountCents = res.text
      .trim()
      .split('\r\n')
      .slice(1)
      .reduce((sum: number, line: string) => sum + Math.round(Number(line.split(',')[2]) * 100), 0);
    expect(amountCents).toBe(12010 - 2005 + 3000 + 500 + 777);
  });

  it('answers an empty list for a household with no rows', async () => {
    const res = await stack.reportsAs(H + 1)('GET', `/api/reports/spending_by_category?${q(range)}`);
    expect(res).toMatchObject({ status: 200, body: [] });
  });
});

describe('income and payees', () => {
  it('GET /api/reports/income_by_category lists net deposits', async () => {
    const res = await reports('GET', `/api/reports/income_by_category?${q(range)}`);
    expect(res.body).toEqual([{ id: salary, name: 'Salary', value: 2000, children: [] }]);
  });

  it('GET /api/reports/spending_by_payee nets each payee', async () => {
    const res = await reports('GET', `/api/reports/spending_by_payee?${q(range)}`);
    expect(res.body).toEqual([
      { id: null, name: 'Market', value: 100.05, children: [] },
      { id: null, name: 'Bistro', value: 30, children: [] },
      { id: null, name: 'Kiosk', value: 7.77, children: [] },
      { id: null, name: 'Snacks', value: 5, children: [] },
    ]);
  });
});

describe('drill-downs', () => {
  it('GET /api/reports/transactions_by_category lists a parent with its sub-categories, newest first', async () => {
    const res = await reports('GET', `/api/reports/transactions_by_category?${q({ ...range, category_id: food })}`);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { payee: string; amount: number }) => [r.payee, r.amount])).toEqual([
      ['Market', 20.05],
      ['Snacks', -5],
      ['Bistro', -30],
      ['Market', -120.1],
    ]);
    expect(res.body[2]).toMatchObject({
      account_id: savings,
      account_name: 'Savings',
      category_id: dining,
      category_name: 'Food: Dining',
      status: '',
      notes: '',
    });
    expect(typeof res.body[0].updated_at).toBe('string');
  });

  it('lists the uncategorised rows with category_id=uncategorized', async () => {
    const res = await reports(
      'GET',
      `/api/reports/transactions_by_category?${q({ ...range, category_id: 'uncategorized' })}`,
    );
    expect(res.body.map((r: { payee: string }) => r.payee)).toEqual(['Kiosk']);
  });

  it('keeps counting and listing a row whose notes are 1,000 non-Latin characters (3,000 bytes, more than an index entry holds)', async () => {
    // Outside the shared range, so the other tests' answers stay as they are.
    const notes = Array.from({ length: 1000 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20000))).join('');
    const short = 'ß'.repeat(500); // 1,000 bytes: the most the index carries
    await addRow(ledger, checking, { date: '2025-05-02', payee: 'Temple', amount: -8, category_id: dining, notes });
    await addRow(ledger, checking, { date: '2025-05-01', payee: 'Tea', amount: -2, category_id: dining, notes: short });
    const may = { start_date: '2025-05-01', end_date: '2025-05-31' };
    const byCategory = await reports('GET', `/api/reports/spending_by_category?${q(may)}`);
    expect(byCategory.status).toBe(200);
    expect(byCategory.body).toEqual([
      { id: food, name: 'Food', value: 10, children: [{ id: dining, name: 'Dining', value: 10, children: [] }] },
    ]);
    const drill = await reports('GET', `/api/reports/transactions_by_category?${q({ ...may, category_id: dining })}`);
    expect(drill.status).toBe(200);
    expect(drill.body.map((r: { payee: string; notes: string }) => [r.payee, r.notes])).toEqual([
      ['Temple', notes],
      ['Tea', short],
    ]);
  });

  it('writes the text JSON.stringify writes, whatever the payee, notes and amount (heads kept by the read model)', async () => {
    const june = { start_date: '2025-06-01', end_date: '2025-06-30' };
    const rows = [
      { payee: 'Quote " and back\\slash', notes: 'tab\there, new\nline, cr\r, bell\u0007, \u001f', amount: 0.05 },
      { payee: 'Caf\u00e9 \u{1F600} \u2028 \u00ff', notes: '</script><!-- \u0001 \u007f', amount: -0.5 },
      { payee: 'Plain', notes: '', amount: 12 },
      { payee: 'Big', notes: '"quoted"', amount: -1000000.01 },
    ];
    for (const [i, r] of rows.entries())
      await addRow(ledger, checking, { date: `2025-06-0${i + 1}`, category_id: groceries, ...r });
    const res = await reports('GET', `/api/reports/transactions_by_category?${q({ ...june, category_id: food })}`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(JSON.parse(res.text))).toBe(res.text);
    expect(res.body.map((r: { payee: string; notes: string; amount: number }) => [r.payee, r.notes, r.amount])).toEqual(
      [...rows].reverse().map((r) => [r.payee, r.notes, r.amount]),
    );
    // By payee, the same text from the same heads.
    for (const r of rows) {
      const byPayee = await reports('GET', `/api/reports/transactions_by_payee?${q({ ...june, payee_name: r.payee })}`);
      expect(JSON.stringify(JSON.parse(byPayee.text))).toBe(byPayee.text);
      expect(byPayee.body).toEqual([res.body.find((line: { payee: string }) => line.payee === r.payee)]);
    }
  });

  it('GET /api/reports/transactions_by_payee matches the payee exactly, with % and quotes literal', async () => {
    await addRow(ledger, checking, { date: '2025-03-05', payee: "100% O'Brien", amount: -1 });
    for (const payee of ["100% O'Brien", '%', "%' OR 1=1--", 'market']) {
      const res = await reports('GET', `/api/reports/transactions_by_payee?${q({ ...range, payee_name: payee })}`);
      expect(res.status).toBe(200);
      expect(res.body.map((r: { payee: string }) => r.payee)).toEqual(payee === "100% O'Brien" ? ["100% O'Brien"] : []);
    }
  });
});

describe('the read model follows the ledger', () => {
  it('reflects an edit on the next read (X-Min-Sequence), both categories changing', async () => {
    const rows = (await reports('GET', `/api/reports/transactions_by_category?${q({ ...range, category_id: dining })}`))
      .body;
    const res = await ledger('PUT', `/api/transactions/${rows[0].id}`, { category_id: groceries });
    expect(res.status).toBe(200);
    const report = await reports('GET', `/api/reports/spending_by_category?${q(range)}`);
    expect(report.body[0].children).toEqual([{ id: groceries, name: 'Groceries', value: 130.05, children: [] }]);
  });

  it('follows renames, re-parenting, merges and deletes of categories', async () => {
    expect((await ledger('PUT', `/api/categories/${food}`, { name: 'Eating' })).status).toBe(200);
    let report = await reports('GET', `/api/reports/spending_by_category?${q(range)}`);
    expect(report.body[0].name).toBe('Eating');
    const other = await addCategory(ledger, 'Other');
    expect((await ledger('PUT', `/api/categories/${groceries}`, { parent_id: other })).status).toBe(200);
    report = await reports('GET', `/api/reports/spending_by_category?${q(range)}`);
    expect(report.body.map((i: { name: string; value: number }) => [i.name, i.value])).toEqual([
      ['Other', 130.05],
      ['Uncategorized', 8.77],
      ['Eating', 5],
    ]);
    expect((await ledger('POST', '/api/categories/merge', { source_id: other, destination_id: food })).status).toBe(
      200,
    );
    report = await reports('GET', `/api/reports/spending_by_category?${q(range)}`);
    expect(report.body[0]).toEqual({
      id: food,
      name: 'Eating',
      value: 135.05,
      children: [{ id: groceries, name: 'Groceries', value: 130.05, children: [] }],
    });
    expect((await ledger('DELETE', `/api/categories/${food}`)).status).toBe(200);
    report = await reports('GET', `/api/reports/spending_by_category?${q(range)}`);
    expect(report.body.map((i: { name: string; value: number }) => [i.name, i.value])).toEqual([
      ['Groceries', 130.05],
      ['Uncategorized', 13.77],
    ]);
    const drill = await reports('GET', `/api/reports/transactions_by_category?${q({ ...range, category_id: food })}`);
    expect(drill).toMatchObject({ status: 404, body: { message: 'Category not found.' } });
  });

  it('follows deletes, restores and moves of rows', async () => {
    const row = await addRow(ledger, checking, { date: '2025-03-02', payee: 'Cinema', amount: -15 });
    const cinema = () => reports('GET', `/api/reports/transactions_by_payee?${q({ ...range, payee_name: 'Cinema' })}`);
    expect((await cinema()).body).toHaveLength(1);
    expect((await ledger('PATCH', `/api/transactions/${row.id}/delete`)).status).toBe(200);
    expect((await cinema()).body).toHaveLength(0);
    expect((await ledger('PATCH', `/api/transactions/${row.id}/restore`)).status).toBe(200);
    expect((await cinema()).body).toHaveLength(1);
    expect(
      (await ledger('PATCH', `/api/transactions/${row.id}/move`, { destination_account_id: savings })).status,
    ).toBe(200);
    const moved = await reports(
      'GET',
      `/api/reports/transactions_by_payee?${q({ ...range, payee_name: 'Cinema', account_ids: String(savings) })}`,
    );
    expect(moved.body).toMatchObject([{ id: row.id, account_id: savings, account_name: 'Savings' }]);
  });
});

describe('GET /api/reports/monthly_trend', () => {
  it('gives spending and income per month of the range and the top-level categories', async () => {
    const res = await reports(
      'GET',
      `/api/reports/monthly_trend?${q({ start_date: '2025-02-15', end_date: '2025-04-30' })}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.months).toEqual(['2025-02', '2025-03', '2025-04']);
    const march = (await reports('GET', `/api/reports/spending_by_category?${q(range)}`)).body as Array<{
      value: number;
    }>;
    expect(res.body.spending[1]).toBeCloseTo(
      march.reduce((a, i) => a + i.value, 0),
      2,
    );
    expect(res.body.income).toEqual([0, 2000, 0]);
    expect(res.body.spending[0]).toBe(99);
    expect(res.body.categories[0]).toMatchObject({ name: 'Groceries', spending: [99, 130.05, 98] });
  });
});

describe('CSV downloads', () => {
  it('answers a report as CSV with a safe file name and formula cells neutralised', async () => {
    await addRow(ledger, checking, { date: '2025-03-03', payee: '=HYPERLINK("http://evil","x")', amount: -2 });
    const res = await reports('GET', `/api/reports/spending_by_payee?${q({ ...range, format: 'csv' })}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="spending_by_payee_2025-03-01_2025-03-31.csv"',
    );
    expect(res.text.split('\r\n')[0]).toBe('Payee,Amount');
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil"",""x"")",2.00\r\n`);
    const drill = await reports(
      'GET',
      `/api/reports/transactions_by_payee?${q({ ...range, payee_name: 'Kiosk', format: 'csv' })}`,
    );
    expect(drill.text).toBe(
      'Date,Payee,Account,Category,Amount,Status,Notes\r\n2025-03-12,Kiosk,Checking,,-7.77,,\r\n',
    );
    expect(drill.headers['content-disposition']).toBe(
      'attachment; filename="transactions_by_payee_2025-03-01_2025-03-31.csv"',
    );
  });
});
