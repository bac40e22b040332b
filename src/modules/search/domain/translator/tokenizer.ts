/**
 * Query -> tokens, the first step of the rule-based translator: case and accents folded, words,
 * numbers and symbols split; numbers with k/grand/$/commas/"ish" and number words ("twenty five",
 * "thirty grand") folded into number tokens; hyphens and dashes kept as a flag on the next token.
 */

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

export const NUMBER_WORDS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30,
  forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100, thousand: 1000, million: 1e6,
};
const SMALL_WORDS = new Set(['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen']);
const TENS_WORDS = new Set(['twenty', 'thirty', 'forty', 'fourty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']);
export const THOUSAND_WORDS = new Set(['thousand', 'grand', 'k', 'thou', 'g']);

/** Letters and digits only, lower case ("CR-V", "cr v" -> "crv"): how names and tokens are compared. */
export const compact = (s: string): string => s.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]/g, '');
export const foldCase = (s: string): string => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

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
const UNIT_SUFFIX_RE = /^(\d+(?:\.\d+)?)(km|kms|mi|miles|mile|hp|bhp|dr|door|doors|seater|seaters|seats|seat|passenger|mo|month|pm)$/;

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
    let r: RegExpExecArray | null;
    if (/^\d+(?:\.\d+)?$/.test(w) || /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(w)) {
      raw.push(numToken(w, parseFloat(w.replace(/,/g, ''))));
    } else if ((r = /^(\d+(?:\.\d+)?)(k|g|grand|thousand)(ish)?$/.exec(w))) {
      const t = numToken(w, parseFloat(r[1]) * 1000);
      t.k = true;
      t.decimal = false;
      t.ish = r[3] !== undefined;
      raw.push(t);
    } else if ((r = /^(\d+(?:\.\d+)?)ish$/.exec(w))) {
      const t = numToken(w, parseFloat(r[1]));
      t.ish = true;
      raw.push(t);
    } else if ((r = /^(\d+(?:\.\d+)?)k(km|kms|mi|miles)$/.exec(w))) {
      const t = numToken(`${r[1]}k`, parseFloat(r[1]) * 1000);
      t.k = true;
      t.decimal = false;
      raw.push(t, makeToken('word', r[2]));
    } else if ((r = UNIT_SUFFIX_RE.exec(w))) {
      raw.push(numToken(r[1], parseFloat(r[1])), makeToken('word', r[2]));
    } else if ((r = /^(\d+)(st|nd|rd|th)$/.exec(w))) {
      const t = numToken(w, parseInt(r[1], 10));
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
  for (let i = 0; i < glued.length; ) {
    const parsed = parseNumberWords(glued, i, isNameStart);
    if (parsed) {
      const t = numToken(parsed.text, parsed.value);
      t.words = true;
      t.k = parsed.k;
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
        if (THOUSAND_WORDS.has(next.text) && !(after && after.kind === 'word' && isNameStart(next.text, after.text))) {
          t.value *= 1000;
          t.k = true;
          t.decimal = !Number.isInteger(t.value);
          t.text = `${t.text}k`;
          out.push(t);
          i++;
          continue;
        }
        if (next.text === 'million' || next.text === 'mil') {
          t.value *= 1e6;
          t.k = true;
          t.decimal = !Number.isInteger(t.value);
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

function parseNumberWords(
  toks: readonly Token[],
  start: number,
  isNameStart: (a: string, b: string) => boolean,
): { value: number; end: number; text: string; k: boolean } | null {
  let total = 0;
  let current = 0;
  let any = false;
  let k = false;
  let last: 'small' | 'ten' | 'hundred' | 'scale' | null = null;
  const words: string[] = [];
  let j = start;
  const isNumberWord = (t: Token | undefined): boolean => !!t && t.kind === 'word' && (t.text in NUMBER_WORDS);
  for (; j < toks.length; j++) {
    const t = toks[j];
    if (t.kind !== 'word') break;
    const w = t.text;
    if (w === 'a' && !any) {
      const next = toks[j + 1];
      if (next && next.kind === 'word' && (next.text === 'hundred' || next.text === 'thousand' || next.text === 'million')) {
        current = 1;
        words.push(w);
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
    } else if (THOUSAND_WORDS.has(w) && w !== 'g' && w !== 'thou') {
      if (!any && current === 0) break;
      const after = toks[j + 1];
      if (w === 'grand' && after && after.kind === 'word' && isNameStart(w, after.text)) break;
      total += (current || 1) * 1000;
      current = 0;
      k = true;
      last = 'scale';
    } else if (w === 'million') {
      if (!any && current === 0) break;
      total += (current || 1) * 1e6;
      current = 0;
      k = true;
      last = 'scale';
    } else if (w === 'and' && any && (last === 'hundred' || last === 'scale') && isNumberWord(toks[j + 1])) {
      words.push(w);
      continue;
    } else {
      break;
    }
    any = true;
    words.push(w);
  }
  if (!any) return null;
  while (words.length > 0 && (words[words.length - 1] === 'and' || words[words.length - 1] === 'a')) {
    words.pop();
    j--;
  }
  return { value: total + current, end: j, text: words.join(' '), k };
}
