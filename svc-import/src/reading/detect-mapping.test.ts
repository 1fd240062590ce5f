import { detectMapping, headerWords } from './detect-mapping';

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
