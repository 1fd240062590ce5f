import { detectColumns, detectMapping, headerWords } from './detect-mapping';

describe('detectMapping by header text', () => {
  it('follows the spec: date, desc, category, memo as notes, amount', () => {
    expect(detectMapping(['Date', 'Description', 'Amount', 'Category', 'Memo'])).toMatchObject({
      date: 'Date',
      payee: 'Description',
      amount_type: 'single',
      amount: 'Amount',
      category: 'Category',
      notes: 'Memo',
      payee_fallback: 'Memo',
    });
  });

  it('a payee column beside a description: the description is the fallback (and the notes when there are none)', () => {
    expect(detectMapping(['date', 'payee', 'desc', 'amount'])).toMatchObject({
      payee: 'payee',
      payee_fallback: 'desc',
      notes: 'desc',
    });
  });

  it('debit or payment with credit or deposit makes double mode; one alone does not', () => {
    expect(
      detectMapping(['Transaction Date', 'Posted Date', 'Card No.', 'Description', 'Category', 'Debit', 'Credit']),
    ).toMatchObject({
      date: 'Transaction Date',
      payee: 'Description',
      amount_type: 'double',
      debit: 'Debit',
      credit: 'Credit',
      category: 'Category',
    });
    expect(detectMapping(['Date', 'Payee', 'Payment', 'Deposit'])).toMatchObject({
      amount_type: 'double',
      debit: 'Payment',
      credit: 'Deposit',
    });
    expect(detectMapping(['Date', 'Payee', 'Payment Amount'])).toMatchObject({
      amount_type: 'single',
      amount: 'Payment Amount',
    });
    expect(detectMapping(['Date', 'Payee', 'Debit'])).toMatchObject({
      amount_type: 'single',
      amount: 'Debit',
      credit: null,
    });
  });

  it('German Sparkasse: Buchungstag (not Valutadatum), Betrag (not Ursprungsbetrag), payee with Verwendungszweck as fallback', () => {
    const headers = [
      'Auftragskonto',
      'Buchungstag',
      'Valutadatum',
      'Buchungstext',
      'Verwendungszweck',
      'Beguenstigter/Zahlungspflichtiger',
      'Kontonummer/IBAN',
      'BIC (SWIFT-Code)',
      'Lastschrift Ursprungsbetrag',
      'Betrag',
      'Waehrung',
      'Info',
    ];
    expect(detectMapping(headers)).toMatchObject({
      date: 'Buchungstag',
      payee: 'Beguenstigter/Zahlungspflichtiger',
      payee_fallback: 'Verwendungszweck',
      notes: 'Verwendungszweck',
      amount_type: 'single',
      amount: 'Betrag',
    });
  });

  it('German with umlauts and Soll/Haben', () => {
    expect(
      detectMapping([
        'Buchungstag',
        'Wert',
        'Umsatzart',
        'Begünstigter / Auftraggeber',
        'Verwendungszweck',
        'Soll',
        'Haben',
        'Währung',
      ]),
    ).toMatchObject({
      date: 'Buchungstag',
      payee: 'Begünstigter / Auftraggeber',
      amount_type: 'double',
      debit: 'Soll',
      credit: 'Haben',
    });
    expect(detectMapping(['Datum', 'Empfänger', 'Umsatz in EUR'])).toMatchObject({
      date: 'Datum',
      payee: 'Empfänger',
      amount: 'Umsatz in EUR',
    });
  });

  it('Dutch ING: Naam / Omschrijving, Bedrag (EUR), Af Bij as the indicator, Mededelingen as notes and fallback', () => {
    const headers = [
      'Datum',
      'Naam / Omschrijving',
      'Rekening',
      'Tegenrekening',
      'Code',
      'Af Bij',
      'Bedrag (EUR)',
      'Mutatiesoort',
      'Mededelingen',
    ];
    expect(detectMapping(headers, [['20240115', 'AH', 'NL', '', 'BA', 'Af', '23,45', 'x', 'y']])).toMatchObject({
      date: 'Datum',
      payee: 'Naam / Omschrijving',
      amount_type: 'single',
      amount: 'Bedrag (EUR)',
      indicator: 'Af Bij',
      notes: 'Mededelingen',
      payee_fallback: 'Mededelingen',
    });
  });

  it('French: Date (not Date de valeur), Libellé, Débit and Crédit', () => {
    expect(detectMapping(['Date de valeur', 'Date', 'Libellé', 'Débit', 'Crédit'])).toMatchObject({
      date: 'Date',
      payee: 'Libellé',
      amount_type: 'double',
      debit: 'Débit',
      credit: 'Crédit',
    });
    expect(detectMapping(['Date opération', 'LIBELLE', 'MONTANT'])).toMatchObject({
      date: 'Date opération',
      payee: 'LIBELLE',
      amount: 'MONTANT',
    });
  });

  it('Spanish and Italian basics', () => {
    expect(detectMapping(['Fecha', 'Fecha valor', 'Concepto', 'Importe', 'Saldo'])).toMatchObject({
      date: 'Fecha',
      payee: 'Concepto',
      amount: 'Importe',
    });
    expect(detectMapping(['Data', 'Data valuta', 'Descrizione', 'Importo'])).toMatchObject({
      date: 'Data',
      payee: 'Descrizione',
      amount: 'Importo',
    });
  });

  it('a CR/DR column is the indicator when its values are marks, and never the debit column', () => {
    expect(
      detectMapping(
        ['Date', 'Description', 'Amount', 'CR/DR'],
        [
          ['1/1/24', 'x', '5.00', 'DR'],
          ['1/2/24', 'y', '6.00', 'CR'],
        ],
      ),
    ).toMatchObject({
      amount_type: 'single',
      amount: 'Amount',
      indicator: 'CR/DR',
      debit: null,
    });
    expect(
      detectMapping(['Date', 'Description', 'Amount', 'Debit/Credit'], [['1/1/24', 'x', '5.00', 'Debit']]),
    ).toMatchObject({ indicator: 'Debit/Credit', amount_type: 'single' });
  });

  it('balance columns are never the amount; case and accents do not matter', () => {
    expect(detectMapping(['DATE', 'PAYEE', 'BALANCE', 'AMOUNT'])).toMatchObject({ amount: 'AMOUNT' });
    expect(headerWords('  Libellé / Opération ')).toBe('libelle operation');
    expect(headerWords('Währung')).toBe('wahrung');
  });

  it('leaves a field null when no header says it', () => {
    expect(detectMapping(['foo', 'bar'])).toMatchObject({ date: null, payee: null, amount: null });
  });
});

describe('detectMapping without a header row', () => {
  it('guesses a date-like column, an amount-like column and the longest text as payee', () => {
    const sample = [
      ['15/01/2024', '-12.50', 'COFFEE SHOP DOWNTOWN', '1234.56'],
      ['16/01/2024', '2500.00', 'PAYROLL ACME', '3734.56'],
    ];
    expect(detectMapping(['#1', '#2', '#3', '#4'], sample)).toMatchObject({
      date: '#1',
      amount: '#2',
      payee: '#3',
      has_header: false,
    });
  });

  it('finds columns in any order', () => {
    const sample = [
      ['ACME STORE', '2024-01-15', 'x', '(12.00)'],
      ['BIG SHOP INC', '2024-01-16', 'y', '5.00'],
    ];
    expect(detectMapping(['#1', '#2', '#3', '#4'], sample)).toMatchObject({ date: '#2', amount: '#4', payee: '#1' });
  });
});

describe('detectColumns: each choice with its evidence', () => {
  const reason = (headers: string[], sample: string[][], field: string) =>
    detectColumns(headers, sample).reasons.find((r) => r.field === field);

  it('a debit/credit pair beside a column also named amount: the pair, unsure, and it says so', () => {
    const headers = ['Date', 'Payee', 'Amount Type', 'Debit Amount', 'Credit Amount'];
    const sample = [['01/15/2024', 'Shop', 'POS', '12.00', '']];
    const { mapping } = detectColumns(headers, sample);
    expect(mapping).toMatchObject({ amount_type: 'double', debit: 'Debit Amount', credit: 'Credit Amount' });
    expect(reason(headers, sample, 'amount_type')).toEqual({
      field: 'amount_type',
      column: null,
      reason:
        'Separate debit and credit columns ("Debit Amount", "Credit Amount"): payments negative, credits positive. "Amount Type" is named like an amount too; the pair is taken.',
      certain: false,
    });
  });

  it('the only date-named column without dates, and no other: kept, unsure, the reason names its values', () => {
    const headers = ['Date', 'Payee', 'Amount'];
    const sample = [['yesterday', 'Shop', '-1.00']];
    expect(reason(headers, sample, 'date')).toEqual({
      field: 'date',
      column: 'Date',
      reason: '"Date" is named like a date, but its first values do not look like dates.',
      certain: false,
    });
  });

  it('a credit column with no values in the first rows still counts (blank cells say nothing against it)', () => {
    const headers = ['Date', 'Payee', 'Debit', 'Credit'];
    const sample = [
      ['01/15/2024', 'Shop', '12.00', ''],
      ['01/16/2024', 'Cafe', '3.50', ''],
    ];
    expect(detectColumns(headers, sample).mapping).toMatchObject({ amount_type: 'double', credit: 'Credit' });
    expect(reason(headers, sample, 'credit')?.certain).toBe(true);
  });
});
