/**
 * Columns from header text and the first rows' values: the spec's rules (date; desc or payee;
 * category; notes or memo; amount; debit or payment together with credit or deposit, both needed
 * for double mode) and the words of common banks' exports (German, Dutch, French, Spanish,
 * Italian), compared without case or accents. A header names the candidates; the values decide
 * among them (a date column holds dates, an amount column amounts), and a column no header names
 * may be chosen by its values alone. A payee column found beside a description makes the
 * description the payee fallback; a CR/DR column (`Af Bij`, `CR/DR`, or values that are only
 * CR/DR marks) becomes the indicator. Every decision carries its evidence (`reasons`), unsure
 * when another column was close (docs/decisions, detection scoring). Without a header row (`#1`,
 * `#2`, ...) the sample decides: a date-like column, an amount-like column and the longest text
 * column as payee.
 */
import { POSITIONAL_COLUMN, type DetectionReason, type MappingConfig } from '@hf/contracts';
import { readAmount } from './amount-text';
import { dateParts } from './date-text';

/** Lower case, no accents, `ß` as `ss`, punctuation as single spaces. */
export function headerWords(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * A term matches a header equal to it (score 3), holding it as words (2) or inside a word, as in
 * German compounds (1). Terms of one rule are in order of preference.
 */
function matchScore(words: string, term: string): number {
  if (words === term) return 3;
  if (` ${words} `.includes(` ${term} `)) return 2;
  if (term.length >= 4 && words.includes(term)) return 1;
  return 0;
}

interface Rule {
  /** Tiers of terms: an earlier tier always beats a later one. */
  tiers: string[][];
  /** Headers holding any of these words are never this field. */
  never?: RegExp;
  /** Headers holding any of these words count in the last tier only. */
  demote?: RegExp;
}

const VALUE_DATE = /valuta|wertstellung|\bwert\b|valeur|\bvalor\b|value date|data valuta/;
const ACCOUNT_LIKE =
  /iban|\bbic\b|konto|account|rekening|\bcompte\b|cuenta|\bconto\b|nummer|number|\bno\b|\bid\b|\bnr\b|saldo|balance|solde|kontostand|waehrung|wahrung|currency|devise|valuta|mandat|glaubiger|glaeubiger|referenz/;

const RULES: Record<
  'date' | 'amount' | 'debit' | 'credit' | 'payee' | 'description' | 'category' | 'notes' | 'indicator',
  Rule
> = {
  indicator: {
    tiers: [
      [
        'af bij',
        'bij af',
        'cr dr',
        'dr cr',
        'debit credit',
        'credit debit',
        'soll haben',
        's h',
        'd c',
        'c d',
        'debit credit indicator',
        'credit debit indicator',
        'cd indicator',
        'indicator',
      ],
    ],
  },
  date: {
    tiers: [
      [
        'date',
        'datum',
        'buchungstag',
        'buchungsdatum',
        'transaction date',
        'trans date',
        'posting date',
        'posted date',
        'post date',
        'booking date',
        'fecha',
        'data',
        'date operation',
        'date de l operation',
        'fecha operacion',
        'data operazione',
        'data contabile',
        'dates',
      ],
      ['valutadatum', 'valuta', 'wertstellung', 'value date', 'date de valeur', 'fecha valor', 'data valuta'],
    ],
    demote: VALUE_DATE,
  },
  amount: {
    tiers: [
      [
        'amount',
        'gross',
        'net',
        'net amount',
        'betrag',
        'bedrag',
        'montant',
        'importe',
        'importo',
        'umsatz',
        'transaction amount',
        'kwota',
        'castka',
        'osszeg',
        'belopp',
        'belop',
        'beloeb',
        'summe',
        'sum',
      ],
    ],
    // A transaction's amount, never its fees, shipping, taxes, a running balance or a total to date.
    never:
      /saldo|balance|solde|kontostand|ursprungsbetrag|original|fee|gebuhr|gebuehr|gebuhren|shipping|handling|insurance|\btax\b|discount|\btip\b|year to date|\bytd\b|quantity|exchange rate/,
  },
  debit: {
    tiers: [
      [
        'debit',
        'payment',
        'payments',
        'withdrawal',
        'withdrawals',
        'soll',
        'debet',
        'debito',
        'uscite',
        'money out',
        'paid out',
        'charges',
        'ausgang',
        'belastung',
        'af',
      ],
    ],
    never: /card|karte|kaart|carte|indicator/,
  },
  credit: {
    tiers: [['credit', 'deposit', 'deposits', 'haben', 'credito', 'entrate', 'money in', 'paid in', 'eingang', 'bij']],
    never: /card|karte|kaart|carte|indicator|limit/,
  },
  payee: {
    tiers: [
      [
        'payee',
        'payee name',
        'name',
        'naam',
        'naam omschrijving',
        'empfanger',
        'zahlungsempfanger',
        'zahlungsempfaenger',
        'empfaenger',
        'beguenstigter',
        'begunstigter',
        'beguenstigter zahlungspflichtiger',
        'begunstigter auftraggeber',
        'auftraggeber',
        'auftraggeber empfanger',
        'zahlungspflichtiger',
        'merchant',
        'merchant name',
        'counterparty',
        'tegenpartij',
        'beneficiaire',
        'beneficiary',
        'beneficiario',
        'nom',
        'nombre',
        'nome',
      ],
    ],
    never: ACCOUNT_LIKE,
  },
  description: {
    tiers: [
      [
        'desc',
        'description',
        'omschrijving',
        'libelle',
        'libelle operation',
        'concepto',
        'descripcion',
        'descrizione',
        'causale',
        'narrative',
        'particulars',
        'transaction description',
        'details',
        'beschreibung',
        'buchungsdetails',
      ],
    ],
    never: ACCOUNT_LIKE,
  },
  category: {
    tiers: [['category', 'categories', 'kategorie', 'categorie', 'categoria', 'rubrique', 'rubriek']],
  },
  notes: {
    tiers: [
      [
        'notes',
        'note',
        'memo',
        'verwendungszweck',
        'mededelingen',
        'mededeling',
        'remarks',
        'remark',
        'comments',
        'comment',
        'bemerkung',
        'notizen',
        'notiz',
        'communication',
        'mitteilung',
        'observaciones',
        'note aggiuntive',
        'reference',
        'memo description',
      ],
    ],
    never: /kundenreferenz|mandatsreferenz|sammlerreferenz|end to end/,
  },
};

/** Columns a rule's header terms name, best first (tier, then match, then the term's preference). */
function namedColumns(normalised: string[], rule: Rule, taken: Set<number>): number[] {
  const scored: { index: number; score: number }[] = [];
  normalised.forEach((words, index) => {
    if (taken.has(index) || words === '' || rule.never?.test(words)) return;
    const demoted = rule.demote?.test(words) === true;
    let best = 0;
    rule.tiers.forEach((terms, tier) => {
      if (demoted && tier < rule.tiers.length - 1) return;
      terms.forEach((term, order) => {
        const s = matchScore(words, term);
        if (s === 0) return;
        const score = (rule.tiers.length - tier) * 1_000_000 + s * 1_000 + (terms.length - order);
        if (score > best) best = score;
      });
    });
    if (best > 0) scored.push({ index, score: best });
  });
  return scored.sort((a, b) => b.score - a.score || a.index - b.index).map((c) => c.index);
}

const INDICATOR_VALUES = new Set([
  'cr',
  'dr',
  'c',
  'd',
  'debit',
  'credit',
  'af',
  'bij',
  's',
  'h',
  'db',
  'soll',
  'haben',
  '+',
  '-',
]);
/** Marks a column of only these, with both kinds seen, is an indicator whatever its header. */
const DEBIT_VALUE_MARKS = new Set(['dr', 'debit', 'db']);
const CREDIT_VALUE_MARKS = new Set(['cr', 'credit']);

/** Column values of a sample (blank cells left out). */
function values(sample: string[][], index: number): string[] {
  return sample.map((row) => (row[index] ?? '').trim()).filter((v) => v !== '');
}

const TODAY = '2000-01-01';
const isDateLike = (v: string) => dateParts(v, TODAY).kind !== 'invalid';
const isAmountLike = (v: string) => 'cents' in readAmount(v, '.') || 'cents' in readAmount(v, ',');

function mostly(list: string[], test: (v: string) => boolean): boolean {
  return list.length > 0 && list.filter(test).length >= Math.ceil(list.length * 0.8);
}

function emptyMapping(): MappingConfig {
  return {
    date: null,
    payee: null,
    amount_type: 'single',
    amount: null,
    debit: null,
    credit: null,
    category: null,
    notes: null,
    payee_fallback: null,
    indicator: null,
    flip_sign: false,
    decimal_separator: 'auto',
    date_order: 'auto',
  };
}

export interface Detection {
  mapping: MappingConfig;
  reasons: DetectionReason[];
}

const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(', ');

/** Guesses columns of a file without a header row from its first rows. */
function detectFromSample(headers: string[], sample: string[][]): Detection {
  const mapping = emptyMapping();
  mapping.has_header = false;
  const reasons: DetectionReason[] = [];
  const taken = new Set<number>();
  const columns = headers.map((_, i) => values(sample, i));
  const date = columns.findIndex((v) => mostly(v, isDateLike));
  if (date !== -1) {
    mapping.date = headers[date];
    taken.add(date);
    reasons.push({ field: 'date', column: headers[date], reason: `Column ${date + 1} holds dates.`, certain: true });
  }
  // Amount-like: numbers with decimals or signs (not plain ids or years); the first such column.
  const amounts = columns
    .map((v, i) => i)
    .filter(
      (i) =>
        !taken.has(i) &&
        mostly(columns[i], isAmountLike) &&
        columns[i].some((x) => /[.,]\d{1,2}$|^[-(+]|-$/.test(x.trim())),
    );
  if (amounts.length > 0) {
    const amount = amounts[0];
    mapping.amount = headers[amount];
    taken.add(amount);
    const others = amounts.slice(1).map((i) => `Column ${i + 1}`);
    reasons.push({
      field: 'amount',
      column: headers[amount],
      reason:
        `Column ${amount + 1} holds amounts` +
        (others.length ? `; ${others.join(', ')} also hold numbers (a balance?), the first is taken.` : '.'),
      certain: others.length === 0,
    });
  }
  let payee = -1;
  let longest = 0;
  columns.forEach((v, i) => {
    if (taken.has(i) || v.length === 0 || mostly(v, isAmountLike)) return;
    const average = v.reduce((sum, x) => sum + x.length, 0) / v.length;
    if (average > longest) [payee, longest] = [i, average];
  });
  if (payee !== -1) {
    mapping.payee = headers[payee];
    reasons.push({
      field: 'payee',
      column: headers[payee],
      reason: `Column ${payee + 1} holds the longest texts.`,
      certain: false,
    });
  }
  return { mapping, reasons };
}

type ValueTest = (index: number) => boolean;

/** How a field reads in a reason. */
const FIELD_WORDS: Record<string, string> = {
  date: 'a date',
  amount: 'an amount',
  debit: 'a debit (money out) column',
  credit: 'a credit (money in) column',
  indicator: 'a CR/DR indicator',
  payee: 'a payee',
  description: 'a description',
  category: 'a category',
  notes: 'notes',
};
const HOLDS: Record<string, string> = {
  date: 'dates',
  amount: 'amounts',
  debit: 'amounts',
  credit: 'amounts',
  indicator: 'only CR/DR marks',
};

/** The file as detection reads it: headers, each column's first values, the columns already chosen. */
interface Columns {
  headers: string[];
  normalised: string[];
  values: string[][];
  hasSample: boolean;
  taken: Set<number>;
}

interface Choice {
  index: number;
  reason: DetectionReason;
}

/**
 * A field's column: the first named candidate whose values agree; without one, with `byValues`,
 * the first column no header names whose values pass (a sample is needed); else the best-named
 * one, unsure. The reason names the other candidates.
 */
function choose(
  cols: Columns,
  field: keyof typeof RULES,
  check: ValueTest | null,
  byValues?: ValueTest,
): Choice | null {
  const { headers, taken } = cols;
  const named = namedColumns(cols.normalised, RULES[field], taken);
  const fitting = check ? named.filter(check) : named;
  const refused = check ? named.filter((i) => !check(i)) : [];
  let index = fitting[0] ?? -1;
  let viaValues = false;
  if (index === -1 && byValues && cols.hasSample) {
    index = headers.findIndex((_, i) => !taken.has(i) && cols.values[i].length > 0 && byValues(i));
    viaValues = index !== -1;
  }
  // Only names that the values do not bear out: the best of them, unsure (its rows will show why).
  const unlike = index === -1 && refused.length > 0;
  if (unlike) index = refused[0];
  if (index === -1) return null;
  taken.add(index);
  const name = headers[index];
  const holds = HOLDS[field];
  const parts: string[] = [];
  if (unlike)
    parts.push(`"${name}" is named like ${FIELD_WORDS[field]}, but its first values do not look like ${holds}.`);
  else if (viaValues) parts.push(`"${name}" holds ${holds} (no header names ${FIELD_WORDS[field]}).`);
  else if (check && cols.hasSample && cols.values[index].length > 0)
    parts.push(`"${name}" is named like ${FIELD_WORDS[field]} and holds ${holds}.`);
  else parts.push(`"${name}" is named like ${FIELD_WORDS[field]}.`);
  const runners = fitting.filter((i) => i !== index).map((i) => headers[i]);
  if (runners.length) parts.push(`Preferred to ${quoted(runners)} by its name.`);
  const others = refused.filter((i) => i !== index).map((i) => headers[i]);
  if (others.length) parts.push(`${quoted(others)}: named so, but not holding ${holds}.`);
  const certain = !viaValues && !unlike && runners.length + refused.length === 0;
  return { index, reason: { field, column: name, reason: parts.join(' '), certain } };
}

/** What a column's first values must look like for each field. */
function valueTests(cols: Columns) {
  const values = cols.values;
  // A column with no values in the sample (no credits in the first rows) says nothing against it.
  const agrees =
    (test: (v: string) => boolean): ValueTest =>
    (i) =>
      values[i].length === 0 || mostly(values[i], test);
  const marks = (i: number) => values[i].map((v) => v.toLowerCase());
  return {
    dates: agrees(isDateLike),
    amounts: agrees(isAmountLike),
    indicator: ((i) => marks(i).every((v) => INDICATOR_VALUES.has(v))) as ValueTest,
    /** Only CR/DR words, both kinds: an indicator whatever its header says. */
    markPairs: ((i) => {
      const m = marks(i);
      return (
        m.length > 0 &&
        m.every((v) => DEBIT_VALUE_MARKS.has(v) || CREDIT_VALUE_MARKS.has(v)) &&
        m.some((v) => DEBIT_VALUE_MARKS.has(v)) &&
        m.some((v) => CREDIT_VALUE_MARKS.has(v))
      );
    }) as ValueTest,
    strictDates: ((i) => mostly(values[i], isDateLike)) as ValueTest,
    decimals: ((i) =>
      mostly(values[i], isAmountLike) && values[i].some((x) => /[.,]\d{1,2}$|^[-(+]|-$/.test(x.trim()))) as ValueTest,
  };
}

/**
 * The amount: debit and credit columns first ("Debit Amount" and "Credit Amount" are a pair, not
 * one amount), double mode when both are there and no indicator; else one amount column.
 */
function chooseAmounts(cols: Columns, hasIndicator: boolean, mapping: MappingConfig, reasons: DetectionReason[]): void {
  const tests = valueTests(cols);
  const debit = choose(cols, 'debit', tests.amounts);
  const credit = choose(cols, 'credit', tests.amounts);
  const amount = choose(cols, 'amount', tests.amounts, debit || credit ? undefined : tests.decimals);
  if (debit && credit && !hasIndicator) {
    mapping.amount_type = 'double';
    mapping.debit = cols.headers[debit.index];
    mapping.credit = cols.headers[credit.index];
    if (amount) cols.taken.delete(amount.index);
    const also = amount ? ` "${cols.headers[amount.index]}" is named like an amount too; the pair is taken.` : '';
    reasons.push(debit.reason, credit.reason, {
      field: 'amount_type',
      column: null,
      reason: `Separate debit and credit columns ("${mapping.debit}", "${mapping.credit}"): payments negative, credits positive.${also}`,
      certain: debit.reason.certain && credit.reason.certain && !amount,
    });
    return;
  }
  // One of the pair alone is the file's amount column (e.g. "Payment Amount").
  const chosen = amount ?? debit ?? credit;
  for (const unused of [debit, credit]) if (unused && unused !== chosen) cols.taken.delete(unused.index);
  if (chosen) {
    mapping.amount = cols.headers[chosen.index];
    reasons.push({ ...chosen.reason, field: 'amount' });
  }
}

/** Payee, description, category and notes by name; a description beside a payee is its fallback. */
function chooseTexts(cols: Columns, mapping: MappingConfig, reasons: DetectionReason[]): void {
  const pick = (field: keyof typeof RULES): string | null => {
    const found = choose(cols, field, null);
    if (!found) return null;
    reasons.push(found.reason);
    return cols.headers[found.index];
  };
  const payee = pick('payee');
  const description = pick('description');
  mapping.category = pick('category');
  mapping.notes = pick('notes');
  if (payee !== null) {
    mapping.payee = payee;
    // A blank payee (bank interest, fees) takes the description, else the notes.
    mapping.payee_fallback = description ?? mapping.notes;
    if (mapping.notes === null && description !== null) mapping.notes = description;
  } else if (description !== null) {
    mapping.payee = description;
    mapping.payee_fallback = mapping.notes;
    for (const r of reasons) if (r.field === 'description') r.field = 'payee';
  } else if (mapping.notes !== null) {
    // Only a memo-like column (e.g. Verwendungszweck): it is the payee.
    mapping.payee = mapping.notes;
    mapping.notes = null;
    for (const r of reasons) if (r.field === 'notes') r.field = 'payee';
  }
}

/**
 * The columns of a file with a header row: each field's named candidates, checked against the
 * sample's values, and the evidence of each choice.
 */
function detectFromHeaders(headers: string[], sample: string[][]): Detection {
  const cols: Columns = {
    headers,
    normalised: headers.map(headerWords),
    values: headers.map((_, i) => values(sample, i)),
    hasSample: sample.length > 0,
    taken: new Set<number>(),
  };
  const tests = valueTests(cols);
  const mapping = emptyMapping();
  const reasons: DetectionReason[] = [];
  const date = choose(cols, 'date', tests.dates, tests.strictDates);
  if (date) {
    mapping.date = headers[date.index];
    reasons.push(date.reason);
  }
  const indicator = choose(cols, 'indicator', tests.indicator, tests.markPairs);
  if (indicator) {
    mapping.indicator = headers[indicator.index];
    reasons.push(indicator.reason);
  }
  chooseAmounts(cols, indicator !== null, mapping, reasons);
  chooseTexts(cols, mapping, reasons);
  return { mapping, reasons };
}

/** The columns of a file and the evidence of each choice. */
export function detectColumns(headers: string[], sample: string[][] = []): Detection {
  if (headers.length > 0 && headers.every((h, i) => h === `#${i + 1}` && POSITIONAL_COLUMN.test(h)))
    return detectFromSample(headers, sample);
  return detectFromHeaders(headers, sample);
}

export function detectMapping(headers: string[], sample: string[][] = []): MappingConfig {
  return detectColumns(headers, sample).mapping;
}
