import fastJson from 'fast-json-stringify';
import { ReconciliationData } from '@hf/contracts';
import {
  addCategory,
  importStackForFile,
  openAccount,
  registerRows,
  SINGLE_MAPPING,
  upload,
  type Json,
} from './helpers';

const stack = importStackForFile();

const FILE = [
  'Date,Description,Amount',
  '03/10/2024,AMZN Mktp US*123,-25.99',
  '03/11/2024,Café Crème,-4.50',
  '03/12/2024,amzn refund,10.00',
  '03/13/2024,Salary,2500.00',
  // The same payee, amount and notes as the first row: asked of the ledger once, answered for both.
  '03/14/2024,AMZN Mktp US*123,-25.99',
].join('\n');

test("the reconcile answer's new rows carry what the rules set; the person may still change them before import", async () => {
  const ledger = stack.ledgerAs(1);
  const call = stack.reportsAs(1);
  const accountId = await openAccount(ledger, 'Checking', 0);
  const shopping = await addCategory(ledger, 'Shopping');
  const coffee = await addCategory(ledger, 'Coffee');
  const amazon = await ledger('POST', '/api/rules', {
    name: 'Amazon',
    conditions: [
      { field: 'payee', op: 'contains', value: 'amzn' },
      { field: 'amount', op: 'between', value: [null, 0] },
    ],
    actions: { category_id: shopping, payee: 'Amazon' },
  });
  expect(amazon.status).toBe(201);
  const cafe = await ledger('POST', '/api/rules', {
    name: 'Cafe',
    conditions: [{ field: 'payee', op: 'starts_with', value: 'CAFE' }],
    actions: { category_id: coffee, notes: 'coffee run' },
  });
  // Another household's rule never applies here.
  await stack.ledgerAs(2)('POST', '/api/rules', {
    name: 'Theirs',
    conditions: [{ field: 'payee', op: 'contains', value: 'salary' }],
    actions: { payee: 'Not yours' },
  });

  const res = await upload(call, `/api/import/${accountId}`, FILE, { mapping: SINGLE_MAPPING });
  expect(res.status).toBe(200);
  expect(res.body.new.map((r: Json) => [r.payee, r.notes, r.category_id, r.rule_id])).toEqual([
    ['Amazon', '', shopping, amazon.body.id],
    ['Café Crème', 'coffee run', coffee, cafe.body.id],
    ['amzn refund', '', undefined, undefined],
    ['Salary', '', undefined, undefined],
    ['Amazon', '', shopping, amazon.body.id],
  ]);
  expect(res.text).toBe(fastJson(ReconciliationData as never)(res.body));

  // The page sends the rows as it shows them, the person having changed the coffee row's category.
  const rows = res.body.new.map((r: Json) => ({ ...r, ...(r.rule_id === cafe.body.id ? { category_id: null } : {}) }));
  const created = await call(
    'POST',
    `/api/import/${accountId}/import_new`,
    { transactions: rows },
    { 'idempotency-key': 'rules-1' },
  );
  expect(created.status).toBe(200);
  const stored = await registerRows(ledger, accountId);
  expect(
    stored.map((r: Json) => [r.payee, r.category_id, r.notes]).sort((a: Json[], b: Json[]) => a[0].localeCompare(b[0])),
  ).toEqual([
    ['Amazon', shopping, ''],
    ['Amazon', shopping, ''],
    ['amzn refund', null, ''],
    ['Café Crème', null, 'coffee run'],
    ['Salary', null, ''],
  ]);
});
