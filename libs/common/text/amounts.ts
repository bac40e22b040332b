/**
 * Amounts as people write them ("$30,000", "30k", "30 grand", "thirty thousand", "450/mo", "5k down",
 * "40k miles"): one reading for every context that needs one (search's translator, the assistant).
 * It says what an amount is (its value, currency mark, unit, period, whether it is put down, whether
 * it could be a model year); what an amount means in a sentence (a price, a budget, an offer) is the
 * caller's decision. Pure: no framework, no I/O.
 */

export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30,
  forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100, thousand: 1000, million: 1e6,
};
const SMALL_WORDS = new Set(Object.keys(NUMBER_WORDS).filter((w) => NUMBER_WORDS[w] < 20));
const TENS_WORDS = new Set(Object.keys(NUMBER_WORDS).filter((w) => NUMBER_WORDS[w] >= 20 && NUMBER_WORDS[w] < 100));
/** Words for a thousand after a number ("30 k", "30 grand", "5 thou"). */
export const THOUSAND_WORDS: ReadonlySet<string> = new Set(['thousand', 'grand', 'k', 'thou', 'g']);
/** A word after a number that scales it, and by how much. */
export const SCALE_WORDS: ReadonlyMap<string, number> = new Map([...[...THOUSAND_WORDS].map((w) => [w, 1000] as const), ['million', 1e6], ['mil', 1e6]]);

/** Units an amount can carry. Miles stay miles here: converting is the caller's business. */
export type AmountUnit = 'km' | 'miles' | 'mpg' | 'hp' | '%';
export type AmountPeriod = 'month' | 'week' | 'biweekly' | 'year';

/**
 * Unit and period words as phrases (lower-case words separated by single spaces; "/" and "%" are
 * words, hyphens are not), for readers of words that add their own (search's "on the odometer").
 */
export const UNIT_PHRASES: Readonly<Record<AmountUnit, readonly string[]>> = {
  km: ['km', 'kms', 'kilometers', 'kilometres', 'kilometer', 'kilometre', 'klicks'],
  miles: ['miles', 'mile', 'mi', 'mls'],
  mpg: ['mpg', 'miles per gallon', 'mpge'],
  hp: ['hp', 'horsepower', 'horse power', 'bhp'],
  '%': ['%', 'percent', 'per cent'],
};
export const PERIOD_PHRASES: Readonly<Record<AmountPeriod, readonly string[]>> = {
  month: ['a month', 'per month', '/ month', '/ mo', '/ mth', 'a mo', 'per mo', 'monthly', 'a mth', 'per mth', 'each month', 'every month'],
  week: ['a week', 'per week', '/ week', '/ wk', 'weekly', 'each week', 'every week'],
  biweekly: ['bi weekly', 'biweekly', 'every two weeks', 'every 2 weeks', 'every other week'],
  year: ['a year', 'per year', '/ year', '/ yr', 'yearly', 'annually', 'per annum', 'a yr', 'per yr', 'each year', 'every year'],
};
/** Words after a number that make it money ("30000 dollars"); "$" is one too, before or after. */
export const CURRENCY_WORDS: readonly string[] = ['dollars', 'dollar', 'bucks', 'cad', 'usd', 'cdn'];
const CURRENCY_SIGNS = new Set(['$', '€', '£']);

// ---------------------------------------------------------------- one written number

export interface Numeral {
  readonly value: number;
  /** Scaled by a thousand written on it ("30k", "30grand"). */
  readonly scaled: boolean;
  /** Written with thousands separators ("30,000"). */
  readonly grouped: boolean;
  /** Not a whole number ("29.99"); "2.5k" is whole. */
  readonly decimal: boolean;
  /** "30ish", "30kish". */
  readonly approximate: boolean;
  /** Letters run into the number that it does not read ("km" of "50000km", "rd" of "3rd"). */
  readonly rest: string;
}

const NUMERAL_RE = /^(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?([a-z%]*)$/;
const GLUED_SCALE_RE = /^(?:k|g|grand|thousand)(ish|km|kms|mi|miles)?$/;

/** A word that starts with digits ("30k", "$"-less "30,000", "2.5", "50000km", "3rd"), or null ("f150", "4x4"). */
export function readNumeral(word: string): Numeral | null {
  const m = NUMERAL_RE.exec(word.toLowerCase());
  if (!m) return null;
  let value = parseFloat((m[1] + (m[2] ?? '')).replace(/,/g, ''));
  let rest = m[3];
  let scaled = false;
  let approximate = false;
  const s = GLUED_SCALE_RE.exec(rest);
  if (s) {
    value *= 1000;
    scaled = true;
    approximate = s[1] === 'ish';
    rest = s[1] === 'ish' || s[1] === undefined ? '' : s[1];
  } else if (rest === 'ish') {
    approximate = true;
    rest = '';
  }
  return { value, scaled, grouped: m[1].includes(','), decimal: !scaled && !Number.isInteger(value), approximate, rest };
}

// ---------------------------------------------------------------- number words

/**
 * Number words from `words[start]` ("twenty five", "a hundred thousand", "two hundred and fifty",
 * "thirty grand"); entries that are no word (undefined) end them. `isName(j)`: whether the scale
 * word at j begins a name instead ("grand cherokee"), which ends the number before it.
 */
export function readNumberWords(
  words: readonly (string | undefined)[],
  start: number,
  isName: (j: number) => boolean = () => false,
): { value: number; end: number; text: string; scaled: boolean } | null {
  let total = 0;
  let current = 0;
  let any = false;
  let scaled = false;
  let last: 'small' | 'ten' | 'hundred' | 'scale' | null = null;
  const read: string[] = [];
  let j = start;
  for (; j < words.length; j++) {
    const w = words[j];
    if (w === undefined) break;
    if (w === 'a' && !any) {
      const next = words[j + 1];
      if (next === 'hundred' || next === 'thousand' || next === 'million') {
        current = 1;
        read.push(w);
        continue;
      }
      break;
    }
    if (SMALL_WORDS.has(w)) {
      if (last === 'small' || (last === 'ten' && NUMBER_WORDS[w] >= 10)) break;
      current += NUMBER_WORDS[w];
      last = 'small';
    } else if (TENS_WORDS.has(w)) {
      if (last === 'small' || last === 'ten') break;
      current += NUMBER_WORDS[w];
      last = 'ten';
    } else if (w === 'hundred') {
      if (!any && current === 0) break;
      current = (current || 1) * 100;
      last = 'hundred';
    } else if ((THOUSAND_WORDS.has(w) && w !== 'g' && w !== 'thou') || w === 'million') {
      if (!any && current === 0) break;
      if (isName(j)) break;
      total += (current || 1) * (w === 'million' ? 1e6 : 1000);
      current = 0;
      scaled = true;
      last = 'scale';
    } else if (w === 'and' && any && (last === 'hundred' || last === 'scale') && (words[j + 1] ?? '') in NUMBER_WORDS) {
      read.push(w);
      continue;
    } else {
      break;
    }
    any = true;
    read.push(w);
  }
  if (!any) return null;
  while (read.length > 0 && (read[read.length - 1] === 'and' || read[read.length - 1] === 'a')) {
    read.pop();
    j--;
  }
  return { value: total + current, end: j, text: read.join(' '), scaled };
}

// ---------------------------------------------------------------- amounts in a text

export interface Amount {
  /** Where it is written: [start, end) of the text, its currency, scale, unit and period words included. */
  readonly start: number;
  readonly end: number;
  readonly value: number;
  /** "$" or a currency word ("dollars", "bucks", "CAD"). */
  readonly currency: boolean;
  /** Scaled by a word or letter ("30k", "30 grand", "thirty thousand", "1.2 million"). */
  readonly scaled: boolean;
  /** Written with thousands separators ("30,000", "30 000"). */
  readonly grouped: boolean;
  readonly decimal: boolean;
  /** Written in words ("thirty thousand"). */
  readonly words: boolean;
  /** "20kish", "30 ish". */
  readonly approximate: boolean;
  readonly unit: AmountUnit | null;
  readonly period: AmountPeriod | null;
  /** Put down: a down payment or deposit ("5k down", "put down $2000", "a deposit of 3k", "$500 to hold it"). */
  readonly down: boolean;
  /**
   * A plain whole number of a recent model year's size (1990..2035, no currency, scale, separators
   * or unit): "2019" may be the year of a car or an amount; the caller knows which.
   */
  readonly possibleYear: boolean;
}

interface Lexeme {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** Glued to the previous lexeme by a hyphen ("F-150", "300-450"). */
  readonly hyphen: boolean;
}

/** Numbers with separators (commas, or spaces between groups of three), words of letters and digits, and signs; hyphens are dropped. */
const LEX_RE = /\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?!\d|[.,]\d)|\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\d)|[a-z\d]+(?:\.\d+[a-z%]*)?|[^\sa-z\d]/gi;

function lex(text: string): Lexeme[] {
  const out: Lexeme[] = [];
  let hyphen = false;
  for (const m of text.matchAll(LEX_RE)) {
    const t = m[0].toLowerCase();
    if (t === '-' || t === '–' || t === '—') {
      hyphen = true;
      continue;
    }
    out.push({ text: t.replace(/[ \u00a0\u202f]/g, ''), start: m.index, end: m.index + m[0].length, hyphen });
    hyphen = false;
  }
  return out;
}

type PhraseTable<T> = readonly (readonly [T, readonly string[]])[];
const UNITS = Object.entries(UNIT_PHRASES) as PhraseTable<AmountUnit>;
const PERIODS = Object.entries(PERIOD_PHRASES) as PhraseTable<AmountPeriod>;

/** The longest phrase of `table` at lexeme i: its key and the lexeme after it. */
function phraseAt<T>(lx: readonly Lexeme[], i: number, table: PhraseTable<T>): { key: T; next: number } | null {
  let best: { key: T; next: number } | null = null;
  for (const [key, phrases] of table) {
    for (const p of phrases) {
      const words = p.split(' ');
      if (words.every((w, k) => lx[i + k]?.text === w) && (!best || i + words.length > best.next)) best = { key, next: i + words.length };
    }
  }
  return best;
}

/** After an amount, words that put it down; before it, words that say a down payment follows. */
const DOWN_AFTER = /^\s*(?:(?:cash\s+)?down\b|deposit|(?:cash\s+)?up\s?front\b|as\s+(?:an?\s+)?(?:down|deposit)\b|to\s+(?:hold|reserve|put\s+down)\b)/i;
const DOWN_BEFORE = /\b(?:put(?:ting)?\s+down|down\s+payment|deposit|down|up\s?front)(?:\s+(?:of|is|would\s+be|will\s+be|was))?\s*$/i;
/** "down" before an amount is a down payment unless it is a price coming down ("come down 2k", "go down to"). */
const COMING_DOWN = /\b(?:come|coming|came|go|going|went|bring|knock\w*|drop\w*|get|move)\s+(?:it\s+|that\s+|the\s+price\s+)?down\s*$/i;
const UNIT_SUFFIXES = new Map<string, AmountUnit>(Object.entries(UNIT_PHRASES).flatMap(([u, ps]) => ps.filter((p) => /^[a-z%]+$/.test(p)).map((p) => [p, u as AmountUnit])));

/**
 * Every amount written in `text`, in order: numbers in digits (with "$", separators, decimals, "k",
 * "grand", "thousand", "million", "ish", glued units "50000km") and in words when they are an amount
 * (scaled, a hundred or more, or with a currency or unit: not the "one" of "the one with"), each with
 * the unit, period and down payment written with it. A number run into letters ("4x4", "3pm", "2nd")
 * or hyphened to a word ("F-150", "CX-5") is none.
 */
export function findAmounts(text: string): Amount[] {
  const lx = lex(text);
  const words = lx.map((l) => (/^[a-z]+$/.test(l.text) ? l.text : undefined));
  const out: Amount[] = [];
  for (let i = 0; i < lx.length; ) {
    const a = amountAt(text, lx, words, i);
    if (a) {
      out.push(a.amount);
      i = a.next;
    } else i++;
  }
  return out;
}

function amountAt(text: string, lx: readonly Lexeme[], words: readonly (string | undefined)[], i: number): { amount: Amount; next: number } | null {
  let j = i;
  let currency = CURRENCY_SIGNS.has(lx[j].text);
  if (currency) j++;
  if (j >= lx.length) return null;
  let value: number;
  let scaled: boolean;
  let grouped = false;
  let decimal = false;
  let approximate = false;
  let unit: AmountUnit | null = null;
  const inWords = words[j] !== undefined;
  if (inWords) {
    const w = readNumberWords(words, j);
    if (!w) return null;
    ({ value, scaled } = w);
    j = w.end;
  } else {
    const n = readNumeral(lx[j].text);
    if (!n) return null;
    const prev = lx[j - 1];
    if (lx[j].hyphen && !currency && prev && /[a-z]/.test(prev.text)) return null; // "F-150", "CX-5", "pre-2015"
    if (n.rest !== '') {
      unit = UNIT_SUFFIXES.get(n.rest) ?? null;
      if (!unit) return null;
    }
    ({ value, scaled, grouped, decimal, approximate } = n);
    grouped ||= /\s/.test(text.slice(lx[j].start, lx[j].end));
    j++;
    const scale = !scaled && !unit ? SCALE_WORDS.get(lx[j]?.text ?? '') : undefined;
    if (scale !== undefined) {
      value *= scale;
      scaled = true;
      decimal = !Number.isInteger(value);
      j++;
    }
  }
  if (lx[j]?.text === 'ish') {
    approximate = true;
    j++;
  }
  if (lx[j] && (CURRENCY_SIGNS.has(lx[j].text) || CURRENCY_WORDS.includes(lx[j].text))) {
    currency = true;
    j++;
  }
  if (!unit) {
    const u = phraseAt(lx, j, UNITS);
    if (u) ({ key: unit, next: j } = u);
  }
  let period: AmountPeriod | null = null;
  const p = phraseAt(lx, j, PERIODS);
  if (p) ({ key: period, next: j } = p);
  if (inWords && !scaled && value < 100 && !currency && !unit && !period) return null;
  const start = lx[i].start;
  const end = lx[j - 1].end;
  const before = text.slice(0, start);
  const down = !unit && !period && (DOWN_AFTER.test(text.slice(end)) || (DOWN_BEFORE.test(before) && !COMING_DOWN.test(before)));
  const possibleYear = !currency && !scaled && !grouped && !decimal && !inWords && !unit && value >= 1990 && value <= 2035;
  return {
    amount: { start, end, value, currency, scaled, grouped, decimal, words: inWords, approximate, unit, period, down, possibleYear },
    next: j,
  };
}
