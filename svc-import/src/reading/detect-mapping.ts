/**
 * Columns from header text: the spec's rules (date; desc or payee; category; notes or memo;
 * amount; debit or payment together with credit or deposit, both needed for double mode) and the
 * words of common banks' exports (German, Dutch, French, Spanish, Italian), compared without case
 * or accents. A payee column found beside a description makes the description the payee
 * fallback; a CR/DR column (`Af Bij`, `CR/DR`, `Debit/Credit`) becomes the indicator. Without a
 * header row (`#1`, `#2`, ...) the sample decides: a date-like column, an amount-like column and
 * the longest text column as payee.
 */
import { POSITIONAL_COLUMN, type MappingConfig } from '@hf/contracts';
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
    never: /saldo|balance|solde|kontostand|ursprungsbetrag|original|fee|gebuhr|gebuehr|gebuhren/,
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

/** The best column for a rule among those not taken, or -1. */
function bestColumn(normalised: string[], rule: Rule, taken: Set<number>): number {
  let best = -1;
  let bestScore = 0;
  normalised.forEach((words, index) => {
    if (taken.has(index) || words === '' || rule.never?.test(words)) return;
    const demoted = rule.demote?.test(words) === true;
    rule.tiers.forEach((terms, tier) => {
      if (demoted && tier < rule.tiers.length - 1) return;
      terms.forEach((term, order) => {
        const s = matchScore(words, term);
        if (s === 0) return;
        // Tier first, then how well it matches, then the term's preference.
        const score = (rule.tiers.length - tier) * 1_000_000 + s * 1_000 + (terms.length - order);
        if (score > bestScore) [best, bestScore] = [index, score];
      });
    });
  });
  return best;
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

/** Guesses columns of a file without a header row from its first rows. */
function detectFromSample(headers: string[], sample: string[][]): MappingConfig {
  const mapping = emptyMapping();
  mapping.has_header = false;
  const taken = new Set<number>();
  const columns = headers.map((_, i) => values(sample, i));
  const date = columns.findIndex((v) => mostly(v, isDateLike));
  if (date !== -1) {
    mapping.date = headers[date];
    taken.add(date);
  }
  // Amount-like: numbers with decimals or signs (not plain ids or years); the first such column.
  const amount = columns.findIndex(
    (v, i) => !taken.has(i) && mostly(v, isAmountLike) && v.some((x) => /[.,]\d{1,2}$|^[-(+]|-$/.test(x.trim())),
  );
  if (amount !== -1) {
    mapping.amount = headers[amount];
    taken.add(amount);
  }
  let payee = -1;
  let longest = 0;
  columns.forEach((v, i) => {
    if (taken.has(i) || v.length === 0 || mostly(v, isAmountLike)) return;
    const average = v.reduce((sum, x) => sum + x.length, 0) / v.length;
    if (average > longest) [payee, longest] = [i, average];
  });
  if (payee !== -1) mapping.payee = headers[payee];
  return mapping;
}

export function detectMapping(headers: string[], sample: string[][] = []): MappingConfig {
  if (headers.length > 0 && headers.every((h, i) => h === `#${i + 1}` && POSITIONAL_COLUMN.test(h)))
    return detectFromSample(headers, sample);
  const mapping = emptyMapping();
  const normalised = headers.map(headerWords);
  const taken = new Set<number>();
  const pick = (rule: Rule, accept: (index: number) => boolean = () => true): string | null => {
    const index = bestColumn(normalised, rule, taken);
    if (index === -1 || !accept(index)) return null;
    taken.add(index);
    return headers[index];
  };
  mapping.date = pick(RULES.date);
  // An indicator column holds only CR/DR-like marks (when a sample is there to tell).
  mapping.indicator = pick(
    RULES.indicator,
    (i) => sample.length === 0 || values(sample, i).every((v) => INDICATOR_VALUES.has(v.toLowerCase())),
  );
  mapping.amount = pick(RULES.amount);
  const debit = pick(RULES.debit);
  const credit = pick(RULES.credit);
  if (debit !== null && credit !== null && mapping.indicator === null) {
    mapping.amount_type = 'double';
    mapping.debit = debit;
    mapping.credit = credit;
  } else if (mapping.amount === null) {
    // One of the pair alone is the file's amount column (e.g. "Payment Amount").
    mapping.amount = debit ?? credit;
  }
  const payee = pick(RULES.payee);
  const description = pick(RULES.description);
  mapping.category = pick(RULES.category);
  mapping.notes = pick(RULES.notes);
  if (payee !== null) {
    mapping.payee = payee;
    // A blank payee (bank interest, fees) takes the description, else the notes.
    mapping.payee_fallback = description ?? mapping.notes;
    if (mapping.notes === null && description !== null) mapping.notes = description;
  } else if (description !== null) {
    mapping.payee = description;
    mapping.payee_fallback = mapping.notes;
  } else if (mapping.notes !== null) {
    // Only a memo-like column (e.g. Verwendungszweck): it is the payee.
    mapping.payee = mapping.notes;
    mapping.notes = null;
  }
  return mapping;
}
