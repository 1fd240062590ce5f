/**
 * The bank import flow (docs/rules/import.md) at desktop width and 768 px, against the real svc-import and svc-ledger: the file
 * modal, the column-mapping page, the reconcile page and the register afterwards. Every file is
 * written here, as banks export them.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, localToday, registerViaApi, signInWithToken, snap, test, type TestUser } from './support/fixtures';
import {
  addDays,
  createAccount,
  createCategory,
  createTransaction,
  expectShellBalances,
  openRegister,
  registerRows,
  rowOf,
  type ApiRow,
  usDate,
} from './support/ledger';
import { planPayment } from './support/budget';

const today = localToday();
const day = (offset: number) => addDays(today, offset);
/** MM/DD/YYYY, as US banks write dates. */
const csv = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');

type FileSpec = { name: string; mimeType: string; buffer: Buffer };
const csvFile = (name: string, ...lines: string[]): FileSpec => ({ name, mimeType: 'text/csv', buffer: csv(...lines) });

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const section = (page: Page, name: string) => page.getByRole('region', { name });
const list = (page: Page, name: string) => page.getByRole('list', { name });

/** A fresh household with a Checking account, signed in on its register. */
async function household(
  page: Page,
  request: APIRequestContext,
  startingBalance = 1000,
): Promise<{ user: TestUser; accountId: number }> {
  const user = await registerViaApi(request);
  const account = await createAccount(request, user, 'Checking', startingBalance);
  await signInWithToken(page, user, `/accounts/${account.id}/register`);
  await expect(page.getByRole('button', { name: 'Import Transactions' })).toBeVisible();
  return { user, accountId: account.id };
}

async function openModal(page: Page) {
  await page.getByRole('button', { name: 'Import Transactions' }).click();
  const modal = dialog(page, 'Import Transactions');
  await expect(modal).toBeVisible();
  return modal;
}

/** File modal -> upload -> the mapping page. */
async function uploadToMapping(
  page: Page,
  accountId: number,
  file: FileSpec,
  wait: { timeout?: number } = {},
): Promise<void> {
  const modal = await openModal(page);
  await modal.getByLabel('CSV file').setInputFiles(file);
  await expect(modal.getByText(file.name)).toBeVisible();
  await modal.getByRole('button', { name: 'Upload' }).click();
  await expect(page).toHaveURL(new RegExp(`/accounts/${accountId}/import/map$`), wait);
  await expect(page.getByRole('heading', { name: /Map Columns/ })).toBeVisible();
}

const mappingForm = (page: Page) => page.getByRole('form', { name: 'Column mapping' });
const select = (page: Page, label: string) => mappingForm(page).getByRole('combobox', { name: label, exact: true });

/** Mapping page -> process (saving the mapping under `name`, or not) -> the reconcile page. */
async function processMapping(
  page: Page,
  accountId: number,
  name: string | null,
  wait: { timeout?: number } = {},
): Promise<void> {
  const form = mappingForm(page);
  const save = form.getByRole('checkbox', { name: 'Save this mapping' });
  if (name === null) await save.uncheck();
  else {
    await expect(save).toBeChecked();
    await form.getByRole('textbox', { name: 'Mapping name' }).fill(name);
  }
  await form.getByRole('button', { name: 'Process File' }).click();
  await expect(page).toHaveURL(new RegExp(`/accounts/${accountId}/reconcile$`), wait);
  await expect(page.getByRole('heading', { name: /Reconcile/ })).toBeVisible();
}

async function complete(page: Page, cleared: number, imported: number): Promise<void> {
  await page.getByRole('button', { name: 'Complete Reconciliation' }).click();
  await expect(page.getByRole('heading', { name: 'Reconciliation Complete' })).toBeVisible();
  await expect(
    page.getByText(
      `${cleared} matched transaction${cleared === 1 ? '' : 's'} cleared, ${imported} new transaction${imported === 1 ? '' : 's'} imported.`,
    ),
  ).toBeVisible();
}

/** "Back to Register" (no reload): the register lists the rows. */
async function backToRegister(page: Page, payees: string[]): Promise<void> {
  await page.getByRole('link', { name: 'Back to Register' }).click();
  await expect(page.getByRole('button', { name: /Clearing Mode/ })).toBeVisible();
  for (const payee of payees) await expect(rowOf(page, payee).first()).toBeVisible();
}

const summary = (rows: ApiRow[]) => rows.map((r) => [r.date, r.payee, r.amount, r.status, r.category_name ?? null]);

async function pollRows(
  request: APIRequestContext,
  user: TestUser,
  accountId: number,
  until: (rows: ApiRow[]) => boolean,
): Promise<ApiRow[]> {
  let rows: ApiRow[] = [];
  await expect
    .poll(async () => {
      rows = await registerRows(request, user, accountId);
      return until(rows);
    })
    .toBe(true);
  return rows;
}

test.describe('Bank import', () => {
  test('a CSV with single amounts: detected columns, preview, new rows imported and cleared', async ({
    page,
    request,
  }, testInfo) => {
    const { user, accountId } = await household(page, request);
    const modal = await openModal(page);
    await expect(modal.getByText(/Drag and drop your bank's CSV file here/)).toBeVisible();
    await expect(modal.getByText(/CSV files \(\.csv\)/)).toBeVisible();
    await snap(page, testInfo, 'import-modal');
    await modal.getByRole('button', { name: 'Cancel' }).click();

    await uploadToMapping(
      page,
      accountId,
      csvFile(
        'checking.csv',
        'Date,Description,Amount,Memo',
        `${usDate(day(-3))},Corner Coffee,-4.50,latte`,
        `${usDate(day(-2))},"ACME, Inc. Payroll","2,500.00",`,
        `${usDate(day(-1))},Book Nook,($19.99),gift`,
      ),
    );
    await expect(page.getByRole('region', { name: 'File preview' }).getByRole('row')).toHaveCount(4);
    await expect(page.getByRole('region', { name: 'File preview' })).toContainText('ACME, Inc. Payroll');
    await expect(select(page, 'Date')).toHaveValue('Date');
    await expect(select(page, 'Payee')).toHaveValue('Description');
    await expect(select(page, 'Amount')).toHaveValue('Amount');
    await expect(select(page, 'Notes')).toHaveValue('Memo');
    await expect(mappingForm(page).getByRole('radio', { name: 'Single amount column' })).toBeChecked();
    await expect(mappingForm(page).getByRole('textbox', { name: 'Mapping name' })).toHaveAttribute(
      'placeholder',
      'e.g. Chase Checking',
    );
    await snap(page, testInfo, 'import-map');

    await processMapping(page, accountId, null);
    await expect(list(page, 'New transactions').getByRole('listitem')).toHaveCount(3);
    await expect(list(page, 'New transactions').getByRole('checkbox')).toHaveCount(3);
    for (const box of await list(page, 'New transactions').getByRole('checkbox').all()) await expect(box).toBeChecked();
    await expect(page.getByText('0 to clear · 3 to import ($2,475.51)')).toBeVisible();
    await snap(page, testInfo, 'import-reconcile-new');
    await complete(page, 0, 3);
    await snap(page, testInfo, 'import-complete');
    await backToRegister(page, ['Corner Coffee', 'ACME, Inc. Payroll', 'Book Nook']);
    await expectShellBalances(page, 3475.51, 3475.51, 3475.51);

    const rows = await registerRows(request, user, accountId);
    expect(summary(rows)).toEqual([
      [day(-3), 'Corner Coffee', -4.5, 'x', null],
      [day(-2), 'ACME, Inc. Payroll', 2500, 'x', null],
      [day(-1), 'Book Nook', -19.99, 'x', null],
    ]);
    expect(rows.map((r) => r.notes)).toEqual(['latte', '', 'gift']);
    expect(rows[2].cleared).toBe(3475.51);
  });

  test('a CSV with debit and credit columns; the saved mapping is offered for the next file with the same headers', async ({
    page,
    request,
  }) => {
    const { user, accountId } = await household(page, request, 0);
    const headers = 'Posted Date,Payee,Debit,Credit,Category';
    await uploadToMapping(
      page,
      accountId,
      csvFile(
        'cu-march.csv',
        headers,
        `${usDate(day(-4))},Hardware Barn,45.10,,Home`,
        `${usDate(day(-3))},Paycheck,,"1,200.00",Income`,
      ),
    );
    await expect(mappingForm(page).getByRole('radio', { name: 'Separate debit and credit columns' })).toBeChecked();
    await expect(select(page, 'Debit (payments)')).toHaveValue('Debit');
    await expect(select(page, 'Credit (deposits)')).toHaveValue('Credit');
    await expect(select(page, 'Date')).toHaveValue('Posted Date');
    await processMapping(page, accountId, 'Credit Union Checking');
    await expect(list(page, 'New transactions').getByRole('listitem')).toHaveCount(2);
    await expect(list(page, 'New transactions')).toContainText('-$45.10');
    await expect(list(page, 'New transactions')).toContainText('$1,200.00');
    await complete(page, 0, 2);
    await backToRegister(page, ['Hardware Barn', 'Paycheck']);
    await expectShellBalances(page, 1154.9, 1154.9, 1154.9);

    // The next statement with the same headers: the saved mapping, by name.
    await uploadToMapping(
      page,
      accountId,
      csvFile('cu-april.csv', headers, `${usDate(day(-1))},Pharmacy,12.00,,Health`),
    );
    await expect(page.getByText('using your saved mapping “Credit Union Checking”')).toBeVisible();
    await expect(mappingForm(page).getByRole('textbox', { name: 'Mapping name' })).toHaveValue('Credit Union Checking');
    await expect(mappingForm(page).getByRole('radio', { name: 'Separate debit and credit columns' })).toBeChecked();
    await processMapping(page, accountId, 'Credit Union Checking');
    await complete(page, 0, 1);
    await backToRegister(page, ['Pharmacy']);
    const rows = await registerRows(request, user, accountId);
    expect(summary(rows).map((r) => r.slice(1, 4))).toEqual([
      ['Hardware Barn', -45.1, 'x'],
      ['Paycheck', 1200, 'x'],
      ['Pharmacy', -12, 'x'],
    ]);
  });

  test('skipped rows: the first 10 listed, a toggle shows all', async ({ page, request }, testInfo) => {
    const { user, accountId } = await household(page, request);
    const blanks = Array.from({ length: 13 }, (_, i) => `${usDate(day(-1))},,-${i + 1}.00`);
    await uploadToMapping(
      page,
      accountId,
      csvFile('with-blanks.csv', 'Date,Payee,Amount', `${usDate(day(-2))},Gas Station,-30.00`, ...blanks),
    );
    const warning = page.getByRole('region', { name: 'Skipped rows' });
    await expect(warning).toContainText('13 rows will be skipped');
    await expect(warning.getByRole('listitem')).toHaveCount(10);
    await expect(warning.getByRole('listitem').first()).toContainText('Row 3:');
    await warning.getByRole('button', { name: 'Show all 13 skipped rows' }).click();
    await expect(warning.getByRole('listitem')).toHaveCount(13);
    await expect(warning.getByRole('listitem').last()).toContainText('Row 15:');
    await snap(page, testInfo, 'import-map-skipped');
    await warning.getByRole('button', { name: 'Show the first 10 only' }).click();
    await expect(warning.getByRole('listitem')).toHaveCount(10);

    await processMapping(page, accountId, null);
    await expect(list(page, 'New transactions').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Skipped rows' })).toContainText('13 rows will be skipped');
    await complete(page, 0, 1);
    await backToRegister(page, ['Gas Station']);
    expect(summary(await registerRows(request, user, accountId)).map((r) => r[1])).toEqual(['Gas Station']);
  });

  test('skipped rows: "show all" of 3,000 skipped rows keeps only the rows on screen in the page', async ({
    page,
    request,
  }) => {
    const { accountId } = await household(page, request);
    const blanks = Array.from({ length: 3000 }, (_, i) => `${usDate(day(-1))},,-${i + 1}.00`);
    await uploadToMapping(
      page,
      accountId,
      csvFile('many-blanks.csv', 'Date,Payee,Amount', `${usDate(day(-2))},Gas Station,-30.00`, ...blanks),
    );
    const warning = page.getByRole('region', { name: 'Skipped rows' });
    await expect(warning).toContainText('3,000 rows will be skipped');
    await warning.getByRole('button', { name: 'Show all 3,000 skipped rows' }).click();
    const all = warning.getByRole('list', { name: 'All skipped rows' });
    await expect(all.getByRole('listitem').first()).toContainText('Row 3:');
    expect(await all.getByRole('listitem').count()).toBeLessThan(100);
    await all.evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
    await expect(all.getByRole('listitem').last()).toContainText('Row 3002:');
    expect(await all.getByRole('listitem').count()).toBeLessThan(100);
  });

  test('reconcile: two existing rows matched (one budgeted), three new with a category; the same file again adds nothing', async ({
    page,
    request,
  }, testInfo) => {
    const { user, accountId } = await household(page, request);
    await createCategory(request, user, 'Shopping');
    const grocery = await createTransaction(request, user, accountId, {
      date: day(-5),
      payee: 'Grocery Mart',
      amount: -54.32,
    });
    // A planned rent payment today (The Predictables), through the Budget Planner's API.
    await planPayment(request, user, accountId, 'Rent', Number(today.slice(8, 10)), today.slice(0, 7), 1200);
    const before = await pollRows(request, user, accountId, (rows) => rows.some((r) => r.payee === 'Rent'));
    const rent = before.find((r) => r.payee === 'Rent')!;
    expect([rent.date, rent.amount]).toEqual([today, -1200]);

    const file = csvFile(
      'statement.csv',
      'Date,Description,Amount',
      `${usDate(day(-7))},Book Nook,-19.99`,
      `${usDate(day(-6))},ACME Payroll,"2,500.00"`,
      `${usDate(day(-4))},GROCERY MART #12,-54.32`,
      `${usDate(day(-3))},Corner Coffee,-4.50`,
      `${usDate(day(-2))},RENT PAYMENT,"-1,250.00"`,
    );
    await page.reload();
    await uploadToMapping(page, accountId, file);
    await processMapping(page, accountId, null);
    const matched = list(page, 'Matched transactions');
    await expect(matched.getByRole('listitem')).toHaveCount(2);
    await expect(matched.getByRole('listitem').filter({ hasText: 'RENT PAYMENT' })).toContainText('Budgeted');
    await expect(matched.getByRole('checkbox', { name: /^Update Grocery Mart/ })).toBeChecked();
    await expect(matched.getByRole('checkbox', { name: /^Update Rent/ })).toBeChecked();
    await expect(list(page, 'New transactions').getByRole('listitem')).toHaveCount(3);
    await snap(page, testInfo, 'import-reconcile');

    // A category that does not exist yet, and the creation question cancelled.
    const categoryInput = page.getByRole('combobox', { name: 'Category for new transactions' });
    await categoryInput.fill('Hobbies');
    await page.getByRole('button', { name: 'Complete Reconciliation' }).click();
    const question = dialog(page, 'Create Category?');
    await expect(question).toContainText('The category "Hobbies" does not exist.');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('alert')).toHaveText('Import cancelled.');
    expect(summary(await registerRows(request, user, accountId))).toEqual(summary(before));

    await categoryInput.fill('Shopping');
    await page.keyboard.press('Escape');
    await complete(page, 2, 3);
    await backToRegister(page, ['Book Nook', 'ACME Payroll', 'Corner Coffee', 'Grocery Mart', 'Rent']);
    const balance = 1000 - 19.99 + 2500 - 54.32 - 4.5 - 1250;
    await expectShellBalances(page, balance, balance, balance);
    await snap(page, testInfo, 'import-register');

    const after = await registerRows(request, user, accountId);
    expect(summary(after)).toEqual([
      [day(-7), 'Book Nook', -19.99, 'x', 'Shopping'],
      [day(-6), 'ACME Payroll', 2500, 'x', 'Shopping'],
      [day(-5), 'Grocery Mart', -54.32, 'x', null],
      [day(-3), 'Corner Coffee', -4.5, 'x', 'Shopping'],
      [day(-2), 'Rent', -1250, 'x', null],
    ]);
    expect(after.find((r) => r.payee === 'Grocery Mart')!.id).toBe(grocery);
    expect(after.find((r) => r.payee === 'Rent')!.id).toBe(rent.id);
    expect(after[after.length - 1].cleared).toBeCloseTo(balance, 2);

    // The same file again: every row is already in the register, nothing is ticked, nothing new.
    await uploadToMapping(page, accountId, file);
    await processMapping(page, accountId, null);
    await expect(section(page, 'Matched transactions')).toContainText('(0)');
    await expect(section(page, 'New transactions')).toContainText('(0)');
    const duplicates = list(page, 'Possible duplicates');
    await expect(duplicates.getByRole('listitem')).toHaveCount(5);
    await expect(duplicates).toContainText('already in your register (Grocery Mart,');
    for (const box of await duplicates.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
    await snap(page, testInfo, 'import-reconcile-duplicates');
    await complete(page, 0, 0);
    await backToRegister(page, ['Book Nook']);
    await expectShellBalances(page, balance, balance, balance);
    expect(summary(await registerRows(request, user, accountId))).toEqual(summary(after));
  });

  test('two identical coffees in one file are both kept', async ({ page, request }) => {
    const { user, accountId } = await household(page, request, 100);
    await uploadToMapping(
      page,
      accountId,
      csvFile(
        'coffees.csv',
        'Date,Payee,Amount',
        `${usDate(day(-1))},Coffee Cart,-3.75`,
        `${usDate(day(-1))},Coffee Cart,-3.75`,
      ),
    );
    await processMapping(page, accountId, null);
    await expect(list(page, 'New transactions').getByRole('listitem')).toHaveCount(2);
    await complete(page, 0, 2);
    await backToRegister(page, ['Coffee Cart']);
    await expect(rowOf(page, 'Coffee Cart')).toHaveCount(2);
    await expectShellBalances(page, 92.5, 92.5, 92.5);
    expect(summary(await registerRows(request, user, accountId))).toEqual([
      [day(-1), 'Coffee Cart', -3.75, 'x', null],
      [day(-1), 'Coffee Cart', -3.75, 'x', null],
    ]);
  });

  test('an OFX and a QIF statement go through the same pages', async ({ page, request }) => {
    const { user, accountId } = await household(page, request, 500);
    const ofxDate = (date: string) => date.replace(/-/g, '');
    const ofx = [
      'OFXHEADER:100',
      'DATA:OFXSGML',
      'VERSION:102',
      'SECURITY:NONE',
      'ENCODING:USASCII',
      'CHARSET:1252',
      'COMPRESSION:NONE',
      'OLDFILEUID:NONE',
      'NEWFILEUID:NONE',
      '',
      '<OFX>',
      '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>20240101</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>',
      '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>',
      '<STMTRS><CURDEF>USD</CURDEF><BANKACCTFROM><BANKID>121000248</BANKID><ACCTID>123456</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>',
      `<BANKTRANLIST><DTSTART>${ofxDate(day(-10))}</DTSTART><DTEND>${ofxDate(today)}</DTEND>`,
      `<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>${ofxDate(day(-4))}120000</DTPOSTED><TRNAMT>-42.17</TRNAMT><FITID>2024A001</FITID><NAME>Fuel Depot</NAME><MEMO>pump 4</MEMO></STMTTRN>`,
      `<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>${ofxDate(day(-3))}</DTPOSTED><TRNAMT>150.00</TRNAMT><FITID>2024A002</FITID><NAME>Refund Co</NAME></STMTTRN>`,
      '</BANKTRANLIST><LEDGERBAL><BALAMT>607.83</BALAMT><DTASOF>20240101</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1>',
      '</OFX>',
    ].join('\r\n');
    await uploadToMapping(page, accountId, {
      name: 'statement.ofx',
      mimeType: 'application/x-ofx',
      buffer: Buffer.from(ofx, 'latin1'),
    });
    await expect(page.getByText(/· OFX/)).toBeVisible();
    await processMapping(page, accountId, null);
    await expect(list(page, 'New transactions').getByRole('listitem')).toHaveCount(2);
    await complete(page, 0, 2);
    await backToRegister(page, ['Fuel Depot', 'Refund Co']);

    const qif = [
      '!Type:Bank',
      `D${usDate(day(-2))}`,
      'T-8.25',
      'PSandwich Bar',
      'Mlunch',
      '^',
      `D${usDate(day(-1))}`,
      'T1,000.00',
      'PTax Refund',
      '^',
      '',
    ].join('\n');
    await uploadToMapping(page, accountId, {
      name: 'statement.qif',
      mimeType: 'application/qif',
      buffer: Buffer.from(qif, 'utf8'),
    });
    await expect(page.getByText(/· QIF/)).toBeVisible();
    await processMapping(page, accountId, null);
    await expect(list(page, 'New transactions').getByRole('listitem')).toHaveCount(2);
    await complete(page, 0, 2);
    await backToRegister(page, ['Sandwich Bar', 'Tax Refund']);
    const balance = 500 - 42.17 + 150 - 8.25 + 1000;
    await expectShellBalances(page, balance, balance, balance);
    expect(summary(await registerRows(request, user, accountId)).map((r) => r.slice(0, 4))).toEqual([
      [day(-4), 'Fuel Depot', -42.17, 'x'],
      [day(-3), 'Refund Co', 150, 'x'],
      [day(-2), 'Sandwich Bar', -8.25, 'x'],
      [day(-1), 'Tax Refund', 1000, 'x'],
    ]);

    // The same OFX statement again: the bank's ids are known, nothing new.
    await uploadToMapping(page, accountId, {
      name: 'statement.ofx',
      mimeType: 'application/x-ofx',
      buffer: Buffer.from(ofx, 'latin1'),
    });
    await processMapping(page, accountId, null);
    await expect(section(page, 'New transactions')).toContainText('(0)');
    await expect(list(page, 'Possible duplicates').getByRole('listitem')).toHaveCount(2);
  });

  test('a CAMT.053 statement and a QIF without payees go through the same pages, nothing dropped', async ({
    page,
    request,
  }) => {
    const { user, accountId } = await household(page, request, 1000);
    const entry = (amount: string, sign: 'DBIT' | 'CRDT', status: string, date: string, ref: string, details: string) =>
      `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${sign}</CdtDbtInd><Sts>${status}</Sts><BookgDt><Dt>${date}</Dt></BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef><NtryDtls>${details}</NtryDtls></Ntry>`;
    const tx = (party: string, text: string, amount = '') =>
      `<TxDtls>${amount ? `<AmtDtls><TxAmt><Amt Ccy="EUR">${amount}</Amt></TxAmt></AmtDtls>` : ''}<RltdPties>${party}</RltdPties><RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls>`;
    const camt = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>',
      '<GrpHdr><MsgId>E2E-1</MsgId><CreDtTm>2024-03-01T06:00:00</CreDtTm></GrpHdr><Stmt><Id>E2E-1</Id>',
      entry('45.90', 'DBIT', 'BOOK', day(-6), 'E2E-0001', tx('<Cdtr><Nm>REWE Markt</Nm></Cdtr>', 'Karte 1234')),
      entry('2875.00', 'CRDT', 'BOOK', day(-5), 'E2E-0002', tx('<Dbtr><Nm>Arbeitgeber AG</Nm></Dbtr>', 'Gehalt')),
      entry(
        '130.50',
        'DBIT',
        'BOOK',
        day(-4),
        'E2E-0003',
        tx('<Cdtr><Nm>Stadtwerke</Nm></Cdtr>', 'Strom', '89.00') +
          tx('<Cdtr><Nm>Telekom</Nm></Cdtr>', 'Handy', '41.50'),
      ),
      entry('19.99', 'DBIT', 'PDNG', day(-1), 'E2E-0004', tx('<Cdtr><Nm>Streaming Dienst</Nm></Cdtr>', 'Abo')),
      '</Stmt></BkToCstmrStmt></Document>',
    ].join('\n');
    const camtFile = { name: 'kontoauszug.xml', mimeType: 'application/xml', buffer: Buffer.from(camt, 'utf8') };
    await uploadToMapping(page, accountId, camtFile);
    await expect(page.getByText(/· CAMT/)).toBeVisible();
    await expect(page.getByText('Not booked (status PDNG)')).toBeVisible();
    await processMapping(page, accountId, null);
    const fresh = list(page, 'New transactions');
    await expect(fresh.getByRole('listitem')).toHaveCount(4);
    await expect(fresh).toContainText('-$45.90');
    await expect(fresh).toContainText('$2,875.00');
    await expect(fresh).toContainText('-$89.00');
    await expect(fresh).toContainText('-$41.50');
    await complete(page, 0, 4);
    await backToRegister(page, ['REWE Markt', 'Arbeitgeber AG', 'Stadtwerke', 'Telekom']);

    const qif = [
      '!Type:Bank',
      `D${usDate(day(-3))}`,
      'T-23.40',
      'MWHOLE FOODS #102',
      'LGroceries',
      '^',
      `D${usDate(day(-2))}`,
      'T-60.00',
      'LAuto:Fuel',
      '^',
      `D${usDate(day(-1))}`,
      'T12.00',
      'PCashback',
      '^',
      '',
    ].join('\n');
    await uploadToMapping(page, accountId, {
      name: 'no-payee.qif',
      mimeType: 'application/qif',
      buffer: Buffer.from(qif),
    });
    await expect(page.getByText(/· QIF/)).toBeVisible();
    await expect(
      page
        .getByRole('note', { name: 'How the file was read' })
        .getByText('The file has no payee for 2 rows: the payee is the memo for 1 row and the category for 1 row.'),
    ).toBeVisible();
    await processMapping(page, accountId, null);
    await expect(list(page, 'New transactions').getByRole('listitem')).toHaveCount(3);
    await complete(page, 0, 3);
    await backToRegister(page, ['WHOLE FOODS #102', 'Auto:Fuel', 'Cashback']);

    // Written by hand: 1000 - 45.90 + 2875 - 89 - 41.50 - 23.40 - 60 + 12.
    const balance = 3627.2;
    await expectShellBalances(page, balance, balance, balance);
    expect(summary(await registerRows(request, user, accountId)).map((r) => r.slice(0, 4))).toEqual([
      [day(-6), 'REWE Markt', -45.9, 'x'],
      [day(-5), 'Arbeitgeber AG', 2875, 'x'],
      [day(-4), 'Stadtwerke', -89, 'x'],
      [day(-4), 'Telekom', -41.5, 'x'],
      [day(-3), 'WHOLE FOODS #102', -23.4, 'x'],
      [day(-2), 'Auto:Fuel', -60, 'x'],
      [day(-1), 'Cashback', 12, 'x'],
    ]);

    // The same CAMT statement again: every booked entry is known by its AcctSvcrRef.
    await uploadToMapping(page, accountId, camtFile);
    await processMapping(page, accountId, null);
    await expect(section(page, 'New transactions')).toContainText('(0)');
    await expect(list(page, 'Possible duplicates').getByRole('listitem')).toHaveCount(4);
  });

  test('a 50,000-row statement: the reconcile lists keep only the rows on screen', async ({
    page,
    request,
  }, testInfo) => {
    // A big file on a machine shared with other runs: more time to read and match it.
    test.setTimeout(240_000);
    const { user, accountId } = await household(page, request);
    const lines = Array.from(
      { length: 50_000 },
      (_, i) => `${usDate(day(-1 - (i % 300)))},Store ${i + 1},-${(i % 997) + 1}.${String(i % 100).padStart(2, '0')}`,
    );
    await uploadToMapping(page, accountId, csvFile('big.csv', 'Date,Payee,Amount', ...lines), { timeout: 60_000 });
    await expect(page.getByText('50,000 rows · CSV')).toBeVisible();
    await processMapping(page, accountId, null, { timeout: 120_000 });
    const fresh = list(page, 'New transactions');
    await expect(section(page, 'New transactions')).toContainText('(50,000)');
    await expect(page.getByText(/0 to clear · 50,000 to import/)).toBeVisible();
    const rendered = await fresh.getByRole('listitem').count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(100);
    // Scrolled to the end, the last rows are drawn in place of the first.
    await fresh.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(fresh.getByRole('listitem').filter({ hasText: /^Store 1\b/ })).toHaveCount(0);
    await expect(fresh.getByRole('checkbox', { name: /^Import Store 50000 / })).toBeChecked();
    expect(await fresh.getByRole('listitem').count()).toBeLessThan(100);
    await fresh.getByRole('checkbox', { name: /^Import Store 50000 / }).uncheck();
    await expect(page.getByText(/0 to clear · 49,999 to import/)).toBeVisible();
    await snap(page, testInfo, 'import-reconcile-large');
    // Cancel: nothing is written.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: /Clearing Mode/ })).toBeVisible();
    expect(await registerRows(request, user, accountId)).toEqual([]);
  });

  test('the messages of the flow: no file, a PNG renamed .csv, mapping name required, save failure, no state', async ({
    page,
    request,
  }, testInfo) => {
    const { user, accountId } = await household(page, request);
    const modal = await openModal(page);
    await modal.getByRole('button', { name: 'Upload' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Please select a file first.');

    // A PNG renamed .csv: refused by the server, nothing to map.
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    await modal.getByLabel('CSV file').setInputFiles({ name: 'photo.csv', mimeType: 'text/csv', buffer: png });
    await modal.getByRole('button', { name: 'Upload' }).click();
    await expect(modal.getByRole('alert')).toHaveText(/File analysis failed\.|not a CSV text file/i);
    await snap(page, testInfo, 'import-modal-error');
    await expect(page).toHaveURL(new RegExp(`/accounts/${accountId}/register$`));
    await modal.getByRole('button', { name: 'Cancel' }).click();

    await uploadToMapping(
      page,
      accountId,
      csvFile('names.csv', 'Date,Payee,Amount', `${usDate(day(-1))},Bakery,-6.00`),
    );
    const form = mappingForm(page);
    await form.getByRole('button', { name: 'Process File' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please enter a name for this mapping to save it.');
    await snap(page, testInfo, 'import-map-name-required');

    // A name with no visible character passes the page's check; the server refuses it: an
    // alert, then the import goes on.
    await form.getByRole('textbox', { name: 'Mapping name' }).fill('\u200b');
    await form.getByRole('button', { name: 'Process File' }).click();
    const alert = dialog(page, 'Save Mapping');
    await expect(alert.getByRole('alert')).toHaveText(/^Could not save the mapping: .+/);
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('heading', { name: /Reconcile/ })).toBeVisible();
    await complete(page, 0, 1);
    await backToRegister(page, ['Bakery']);

    // The mapping and reconcile pages without navigation state go back to the register.
    for (const path of ['import/map', 'reconcile']) {
      await page.goto(`/accounts/${accountId}/${path}`);
      await expect(page).toHaveURL(new RegExp(`/accounts/${accountId}/register$`));
      await openRegister(page, accountId);
    }
    expect(summary(await registerRows(request, user, accountId)).map((r) => r[1])).toEqual(['Bakery']);
  });
});

/** The way real exports are written (docs/rules/import.md): each read right by default. */
test.describe('Bank import: real exports', () => {
  test('"Debit Amount" and "Credit Amount" columns: double mode, payments out, credits in, none skipped', async ({
    page,
    request,
  }, testInfo) => {
    const { user, accountId } = await household(page, request, 0);
    await uploadToMapping(
      page,
      accountId,
      csvFile(
        'uk-current.csv',
        'Transaction Date,Transaction Description,Debit Amount,Credit Amount,Balance',
        `${usDate(day(-3))},TESCO STORES,23.45,,976.55`,
        `${usDate(day(-2))},ACME LTD SALARY,,2100.00,3076.55`,
        `${usDate(day(-1))},BRITISH GAS,64.00,,3012.55`,
      ),
    );
    await expect(mappingForm(page).getByRole('radio', { name: 'Separate debit and credit columns' })).toBeChecked();
    await expect(select(page, 'Debit (payments)')).toHaveValue('Debit Amount');
    await expect(select(page, 'Credit (deposits)')).toHaveValue('Credit Amount');
    await expect(section(page, 'Skipped rows')).toHaveCount(0);
    await snap(page, testInfo, 'import-map-debit-credit-amount');
    await processMapping(page, accountId, null);
    // 2,100.00 - 23.45 - 64.00
    await expect(page.getByText('0 to clear · 3 to import ($2,012.55)')).toBeVisible();
    await complete(page, 0, 3);
    expect(summary(await registerRows(request, user, accountId)).map((r) => r.slice(0, 3))).toEqual([
      [day(-3), 'TESCO STORES', -23.45],
      [day(-2), 'ACME LTD SALARY', 2100],
      [day(-1), 'BRITISH GAS', -64],
    ]);
  });

  test('lines before the header: the header row is found and shown, and the page says why', async ({
    page,
    request,
  }, testInfo) => {
    const { user, accountId } = await household(page, request, 0);
    await uploadToMapping(
      page,
      accountId,
      csvFile(
        'summary-first.csv',
        'Description,,Summary Amt.',
        `Beginning balance as of ${usDate(day(-5))},,"1,000.00"`,
        'Total credits,,"2,500.00"',
        'Total debits,,"-84.12"',
        `Ending balance as of ${usDate(day(-1))},,"3,415.88"`,
        '',
        'Date,Description,Amount,Running Bal.',
        `${usDate(day(-5))},Beginning balance as of ${usDate(day(-5))},,"1,000.00"`,
        `${usDate(day(-4))},PAYROLL ACME CORP,"2,500.00","3,500.00"`,
        `${usDate(day(-3))},GROCERY MART #1234,-84.12,"3,415.88"`,
      ),
    );
    await expect(mappingForm(page).getByRole('spinbutton', { name: 'Header row' })).toHaveValue('7');
    await expect(page.getByRole('note', { name: 'How the columns were chosen' })).toContainText(
      'Rows 1 to 6 come before the table (fewer fields than its rows: account details, balances or a title) and are not read; the header is row 7.',
    );
    await expect(select(page, 'Date')).toHaveValue('Date');
    await expect(select(page, 'Payee')).toHaveValue('Description');
    await expect(select(page, 'Amount')).toHaveValue('Amount');
    const warning = section(page, 'Skipped rows');
    await expect(warning).toContainText('1 row will be skipped');
    await expect(warning.getByRole('listitem')).toHaveText([/^Row 8: Missing amount/]);
    await snap(page, testInfo, 'import-map-lines-before-header');
    await processMapping(page, accountId, null);
    await complete(page, 0, 2);
    expect(summary(await registerRows(request, user, accountId)).map((r) => r.slice(0, 3))).toEqual([
      [day(-4), 'PAYROLL ACME CORP', 2500],
      [day(-3), 'GROCERY MART #1234', -84.12],
    ]);
  });

  test('a German one-row statement: 02.03.2018 is 2 March, and the page offers the other order', async ({
    page,
    request,
  }, testInfo) => {
    const { user, accountId } = await household(page, request, 0);
    const lines = [
      '"Kontonummer:";"DE12 1203 0000 1234 5678 90 / Girokonto";',
      '',
      '"Von:";"01.03.2018";',
      '"Bis:";"31.03.2018";',
      '"Kontostand vom 31.03.2018:";"1.234,56 EUR";',
      '',
      '"Buchungstag";"Wertstellung";"Buchungstext";"Auftraggeber / Begünstigter";"Verwendungszweck";"Betrag (EUR)";',
      '"02.03.2018";"02.03.2018";"Lastschrift";"Stadtwerke Musterstadt";"Abschlag Strom 03/2018";"-58,00";',
    ];
    await uploadToMapping(page, accountId, csvFile('dkb-maerz.csv', ...lines));
    await expect(select(page, 'Date')).toHaveValue('Buchungstag');
    await expect(select(page, 'Payee')).toHaveValue('Auftraggeber / Begünstigter');
    await expect(select(page, 'Amount')).toHaveValue('Betrag (EUR)');
    const order = mappingForm(page).getByRole('combobox', { name: 'Date order' });
    await expect(order.locator('option:checked')).toHaveText('Detected (DMY)');
    await expect(mappingForm(page)).toContainText(
      '“02.03.2018” could be 2 March 2018 (day first) or February 3, 2018 (month first): nothing in the file tells.',
    );
    await snap(page, testInfo, 'import-map-dotted-date');
    await processMapping(page, accountId, null);
    await expect(page.getByText('0 to clear · 1 to import (-$58.00)')).toBeVisible();
    await complete(page, 0, 1);
    expect(summary(await registerRows(request, user, accountId)).map((r) => r.slice(0, 3))).toEqual([
      ['2018-03-02', 'Stadtwerke Musterstadt', -58],
    ]);
  });

  test('the skipped-rows warning follows the mapping as it changes', async ({ page, request }) => {
    const { accountId } = await household(page, request);
    await uploadToMapping(
      page,
      accountId,
      csvFile(
        'fees.csv',
        'Date,Payee,Memo,Amount',
        `${usDate(day(-3))},Corner Coffee,latte,-4.50`,
        `${usDate(day(-2))},,INTEREST PAID,0.12`,
        `${usDate(day(-1))},,MONTHLY FEE,-5.00`,
      ),
    );
    // Detected: the memo fills a blank payee, nothing is skipped.
    await expect(select(page, 'Payee when blank')).toHaveValue('Memo');
    const warning = section(page, 'Skipped rows');
    await expect(warning).toHaveCount(0);

    await select(page, 'Payee when blank').selectOption({ label: '-- None --' });
    await expect(warning).toContainText('2 rows will be skipped');
    await expect(warning.getByRole('listitem')).toHaveText([/^Row 3: Missing payee/, /^Row 4: Missing payee/]);

    await select(page, 'Amount').selectOption('Memo');
    await expect(warning).toContainText('3 rows will be skipped');
    await expect(warning.getByRole('listitem').first()).toHaveText(/^Row 2: Invalid amount "latte"/);

    await select(page, 'Amount').selectOption('Amount');
    await select(page, 'Payee when blank').selectOption('Memo');
    await expect(warning).toHaveCount(0);
  });

  test('reconcile opens at its top; "Back to mapping" keeps the file and the mapping', async ({ page, request }) => {
    const { user, accountId } = await household(page, request, 0);
    // Charges written as positive numbers (a card's statement): 40 of them, so both pages scroll.
    const rows = Array.from({ length: 40 }, (_, i) => `${usDate(day(-1 - (i % 20)))},Shop ${i + 1},${i + 1}.25`);
    await uploadToMapping(page, accountId, csvFile('card.csv', 'Date,Description,Amount', ...rows));

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await processMapping(page, accountId, null);
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(list(page, 'New transactions').getByRole('checkbox', { name: /^Import Shop 1 / })).toBeVisible();
    // 1.25 + 2.25 + ... + 40.25 = 820 + 40 * 0.25
    await expect(page.getByText('0 to clear · 40 to import ($830.00)')).toBeVisible();

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name: 'Back to mapping' }).click();
    await expect(page).toHaveURL(new RegExp(`/accounts/${accountId}/import/map$`));
    await expect(page.getByRole('heading', { name: 'Map Columns · card.csv' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Import Transactions' })).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(select(page, 'Amount')).toHaveValue('Amount');
    const flip = mappingForm(page).getByRole('checkbox', { name: /^Flip sign/ });
    await expect(flip).not.toBeChecked();
    await flip.check();
    await processMapping(page, accountId, null);
    await expect(page.getByText('0 to clear · 40 to import (-$830.00)')).toBeVisible();

    // Back again: the flip is still ticked.
    await page.getByRole('button', { name: 'Back to mapping' }).click();
    await expect(mappingForm(page).getByRole('checkbox', { name: /^Flip sign/ })).toBeChecked();
    await processMapping(page, accountId, null);
    await complete(page, 0, 40);
    const imported = await registerRows(request, user, accountId);
    expect(imported).toHaveLength(40);
    expect(imported.every((r) => r.amount < 0)).toBe(true);
    expect(Math.round(imported.reduce((sum, r) => sum + r.amount * 100, 0))).toBe(-83000);
  });
});
