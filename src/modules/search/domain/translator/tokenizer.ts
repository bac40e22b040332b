/**
 * Query -> tokens, the first step of the rule-based translator: case and accents folded, words,
 * numbers and symbols split; numbers with k/grand/$/commas/"ish" and number words ("twenty five",
 * "thirty grand") folded into number tokens (read by the shared amount reader, libs/common/text/amounts.ts);
 * hyphens and dashes kept as a flag on the next token.
 */
import { readNumberWords, readNumeral, SCALE_WORDS } from '../../../../../libs/common/text/amounts';

export { NUMBER_WORDS, THOUSAND_WORDS } from '../../../../../libs/common/text/amounts';

export interface Token {
  kind: 'word' | 'num' | 'sym';
  /** Lower-case surface ("30k", "three", "cr"); corrected spelling after typo correction. */
  text: string;
  /** Letters and digits only (for name lookup). */
  compact: string;
  /** Digit spelling of a number written in words ("three" -> "3"), for names such as "Model 3". */
  alt: string | null;
  value: number;
  /** Scaled by a thousand (k, grand, thousand). */
  k: boolean;
  dollar: boolean;
  words: boolean;
  decimal: boolean;
  ordinal: boolean;
  ish: boolean;
  /** Glued to the previous token by a hyphen or dash ("2015-2018", "pre-2015"). */
  hyphen: boolean;
}
/** Letters and digits only, lower case ("CR-V", "cr v" -> "crv"): how names and tokens are compared. */
export const compact = (s: string): string => s.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]/g, '');
export const foldCase = (s: string): string => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The singulars a plural word may have ("rangers" -> "ranger"; "crvs" -> "crv"; "camries" -> "camri", "camry"; ...): none unless it ends in s. */
export function singularForms(word: string): string[] {
  if (!word.endsWith('s')) return [];
  const out = [word.slice(0, -1)];
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  return out;
}

/** A plain number that reads as a model year (1950-2040). */
export const isYearish = (t: Token): boolean =>
  t.kind === 'num' && !t.k && !t.dollar && !t.decimal && !t.words && !t.ordinal && t.value >= 1950 && t.value <= 2040;

function makeToken(kind: Token['kind'], text: string): Token {
  return { kind, text, compact: compact(text), alt: null, value: NaN, k: false, dollar: false, words: false, decimal: false, ordinal: false, ish: false, hyphen: false };
}

function numToken(text: string, value: number): Token {
  const t = makeToken('num', text);
  t.value = value;
  t.decimal = !Number.isInteger(value);
  return t;
}

const TOKEN_RE = /\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\d)|[a-z0-9]+(?:\.\d+)?|[$#+/<>≤≥~,;&-]/g;
/** Units run into a number ("50000km", "7seater"): split off for the unit lexicon. */
const UNIT_SUFFIXES = new Set(['km', 'kms', 'mi', 'miles', 'mile', 'hp', 'bhp', 'dr', 'door', 'doors', 'seater', 'seaters', 'seats', 'seat', 'passenger', 'mo', 'month', 'pm']);

/** "dont", "cant", "isnt" typed without the apostrophe ("wont" and "cant" are words too, but rarely in a search). */
const NOT_CONTRACTION_RE = /\b(do|does|did|ca|wo|is|are|was|were|has|have|had|should|would|could|must|need)nt\b/g;

/**
 * Comparator words that shoppers run into the number they govern ("under30k", "f150under30k",
 * "upto25k", "max400"), longest first so "lessthan" wins over "less".
 */
const GLUED_COMPARATORS = ['lessthan', 'morethan', 'atleast', 'atmost', 'upto', 'under', 'over', 'below', 'above', 'around', 'about', 'within', 'max', 'min', 'sub', 'before', 'after', 'since'];
const GLUED_RE = new RegExp(`^([a-z0-9]*?)(${GLUED_COMPARATORS.join('|')})(\\d+(?:\\.\\d+)?(?:k|g|grand)?[a-z]*)$`);
const MONEY_LIKE_RE = /^\d+(?:\.\d+)?(?:k|g|grand)$/;

/**
 * A word run together from a comparator and a number, with perhaps a name before it, split in its
 * parts ("f150under30k" -> "f150", "under", "30k"; "under30k" -> "under", "30k"). After a letter
 * the comparator is taken only before an amount ("civicunder20k"), so names that merely contain
 * the letters ("landrover2020", "cmax2") stay whole.
 */
function splitGluedComparator(w: string): string[] {
  const m = w.length === 17 ? null : GLUED_RE.exec(w); // not inside a VIN
  if (!m) return [w];
  const [, before, comparator, number] = m;
  if (/[a-z]$/.test(before) && !MONEY_LIKE_RE.test(number)) return [w];
  const words = comparator === 'lessthan' || comparator === 'morethan' ? [comparator.slice(0, 4), 'than'] : comparator.startsWith('at') ? ['at', comparator.slice(2)] : [comparator];
  return [...(before ? [before] : []), ...words, number];
}

/** Query -> tokens. `isNameStart(a, b)`: whether "a b" begins a name (keeps "grand cherokee" from reading as 1000). */
export function tokenize(query: string, isNameStart: (a: string, b: string) => boolean): Token[] {
  let s = foldCase(query)
    .replace(/[’‘`´]/g, "'")
    .replace(/\b(ca|wo)n't\b/g, (_m, a: string) => (a === 'ca' ? 'can not' : 'will not'))
    .replace(/([a-z])n't\b/g, '$1 not')
    .replace(/'/g, '')
    .replace(NOT_CONTRACTION_RE, (_m, a: string) => `${a === 'ca' ? 'can' : a === 'wo' ? 'will' : a} not`)
    .replace(/\bcannot\b/g, 'can not')
    .replace(/\bw\/o\b/g, ' without ')
    .replace(/\bw\//g, ' with ')
    .replace(/<=/g, ' ≤ ')
    .replace(/>=/g, ' ≥ ')
    .replace(/[–—]/g, '-');
  s = s
    .replace(/(\d)\s*\+/g, '$1 +')
    // thousands written "30 000" or "30.000"
    .replace(/(?<![\d.,])(\d{1,3})(?:[ \u00a0\u202f](\d{3}))(?:[ \u00a0\u202f](\d{3}))?(?![\d.,])/g, (_m, a: string, b: string, c?: string) => a + b + (c ?? ''))
    .replace(/(?<![\d.,])(\d{1,3})\.(\d{3})(?![\d.,k])/g, '$1$2');
  const raw: Token[] = [];
  for (const w of [...s.matchAll(TOKEN_RE)].flatMap((m) => splitGluedComparator(m[0]))) {
    if (/^[$#+/<>≤≥~,;&-]$/.test(w)) {
      raw.push(makeToken('sym', w));
      continue;
    }
    const n = readNumeral(w);
    if (n && n.rest === '') {
      const t = numToken(w, n.value);
      t.k = n.scaled;
      t.decimal = n.decimal;
      t.ish = n.approximate;
      raw.push(t);
    } else if (n && n.scaled && /^(km|kms|mi|miles)$/.test(n.rest)) {
      // "30kkm": 30k and km
      const t = numToken(w.slice(0, -n.rest.length), n.value);
      t.k = true;
      t.decimal = false;
      raw.push(t, makeToken('word', n.rest));
    } else if (n && !n.scaled && !n.approximate && UNIT_SUFFIXES.has(n.rest)) {
      raw.push(numToken(w.slice(0, -n.rest.length), n.value), makeToken('word', n.rest));
    } else if (n && !n.scaled && !n.approximate && Number.isInteger(n.value) && /^(st|nd|rd|th)$/.test(n.rest)) {
      const t = numToken(w, n.value);
      t.ordinal = true;
      raw.push(t);
    } else {
      raw.push(makeToken('word', w));
    }
  }

  // hyphens and dashes: glue flag on the next token
  const glued: Token[] = [];
  let hyphen = false;
  for (const t of raw) {
    if (t.kind === 'sym' && t.text === '-') {
      hyphen = true;
      continue;
    }
    t.hyphen = hyphen;
    hyphen = false;
    glued.push(t);
  }

  // number words ("twenty five", "a hundred thousand", "thirty grand")
  const worded: Token[] = [];
  const words = glued.map((t) => (t.kind === 'word' ? t.text : undefined));
  for (let i = 0; i < glued.length; ) {
    const parsed = readNumberWords(words, i, (j) => {
      const after = words[j + 1];
      return words[j] === 'grand' && after !== undefined && isNameStart('grand', after);
    });
    if (parsed) {
      const t = numToken(parsed.text, parsed.value);
      t.words = true;
      t.k = parsed.scaled;
      t.hyphen = glued[i].hyphen;
      t.alt = String(parsed.value);
      t.compact = compact(parsed.text);
      worded.push(t);
      i = parsed.end;
    } else {
      worded.push(glued[i]);
      i++;
    }
  }

  // scale words after digits ("30 k", "2.5 k", "40 grand", "1.2 million") and "$"
  const out: Token[] = [];
  for (let i = 0; i < worded.length; i++) {
    const t = worded[i];
    if (t.kind === 'sym' && t.text === '$') {
      const next = worded[i + 1];
      const prev = out[out.length - 1];
      if (next && next.kind === 'num') {
        next.dollar = true;
        next.hyphen ||= t.hyphen;
      } else if (prev && prev.kind === 'num') prev.dollar = true; // "25000$"
      continue;
    }
    if (t.kind === 'num' && !t.words && !t.k && !t.ordinal) {
      const next = worded[i + 1];
      if (next && next.kind === 'word') {
        const after = worded[i + 2];
        const scale = SCALE_WORDS.get(next.text);
        if (scale !== undefined && !(after && after.kind === 'word' && isNameStart(next.text, after.text))) {
          t.value *= scale;
          t.k = true;
          t.decimal = !Number.isInteger(t.value);
          if (scale === 1000) t.text = `${t.text}k`;
          out.push(t);
          i++;
          continue;
        }
        if (next.text === 'ish') {
          t.ish = true;
          out.push(t);
          i++;
          continue;
        }
      }
    }
    out.push(t);
  }
  for (const t of out) if (t.kind === 'num' && !t.words) t.compact = compact(t.text.replace(/k$/, '000'));
  return out;
}
