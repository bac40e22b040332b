/**
 * Rule-based natural-language -> filter translator (the default, offline adapter of the
 * translation port; decisions.md section 4, search-vocabulary.md, shared/data/README.md).
 *
 * Deterministic and fast: the query is tokenized (numbers with k/grand/$/commas and number words
 * folded into number tokens), unknown words are typo-corrected against the vocabulary and the
 * run-time names, then one left-to-right pass turns phrases into "atoms" (one condition each,
 * possibly negated) separated by links (and / or / comma / ...). A last step groups atoms into
 * the filter: same-attribute values joined by or/and/commas become `in` (`nin` when negated),
 * an "or" between different attributes becomes an `or` node, everything else is and-ed under
 * the root `and`.
 *
 * Names (manufacturers, models, trims) come at run time (compileSearchNames): from the catalog
 * and from the dealership's own stock. Only slang (chevy, vw, bimmer, ...) is built in.
 */
import type { SortKey } from '../../../../../libs/common/vehicle/car-attributes';
import { boundedEditDistance } from './edit-distance';
import {
  and,
  comparison,
  not,
  or,
  type Comparator,
  type FilterNode,
  type ScalarValue,
} from '../../../../../libs/common/vehicle/filter-expression';
import {
  ALIAS_BLOCKLIST,
  ENGLISH_WORDS,
  LEADING_COMPARATORS,
  MAIN_LEXICON,
  MANUFACTURER_ALIASES,
  MAX_LEADING_SPAN,
  MAX_MAIN_SPAN,
  MAX_TRAILING_SPAN,
  MAX_UNIT_SPAN,
  MODEL_ALIASES,
  TRAILING_COMPARATORS,
  TRAILING_YEAR_COMPARATORS,
  TRIM_STANDALONE_BLOCKLIST,
  UNIT_LEXICON,
  type ComparatorEntry,
  type CondSpec,
  type CueAttribute,
  type LeadingComparator,
  type LexEntry,
  type TrailingComparator,
  type Unit,
} from './nl-lexicon';

export interface SearchNames {
  readonly manufacturers: readonly { readonly name: string }[];
  readonly models: readonly { readonly name: string; readonly manufacturer: string }[];
  readonly trims?: readonly string[];
}

export interface Translation {
  /** Root is always an `and` operation; `and()` with no arguments matches every car. */
  readonly filter: FilterNode;
  readonly sort: SortKey | null;
}

// ==================================================================== compiled names

/**
 * `rank`: position of the model in SearchNames.models (earlier = preferred, so list the
 * dealership's stock before the catalog); manufacturers and trims rank -1.
 */
type NameHit =
  | { readonly kind: 'manufacturer'; readonly name: string; readonly rank: number }
  | { readonly kind: 'model'; readonly name: string; readonly manufacturer: string; readonly rank: number }
  | { readonly kind: 'trim'; readonly name: string; readonly rank: number };

interface FuzzyTarget {
  readonly word: string;
  /** 1: a word that means something on its own; 2: a word that only occurs inside a phrase. */
  readonly tier: 1 | 2;
  readonly isName: boolean;
  /** For model words: the model's manufacturer (typos right after a manufacturer prefer its models). */
  readonly manufacturer: string | null;
}

const compact = (s: string): string => s.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]/g, '');
const foldCase = (s: string): string => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * The run-time names in the form the translator uses: lookup tables keyed by the name with
 * everything but letters and digits removed ("CR-V", "cr v", "crv" -> "crv"), alias and fuzzy
 * indexes. Build it once per names version (e.g. when the catalog or a dealership's stock
 * changes) and pass it to translateQuery.
 */
export class CompiledSearchNames {
  /** compact key -> hits, manufacturers first, then models, then trims. */
  readonly hits = new Map<string, NameHit[]>();
  /** compact model key -> manufacturers that have it. */
  readonly modelMakers = new Map<string, Set<string>>();
  /** Every compact name key and every word of a name: never typo-corrected. */
  readonly knownWords = new Set<string>();
  /** first letter -> fuzzy targets (vocabulary words and names). */
  readonly fuzzy = new Map<string, FuzzyTarget[]>();
  /** Longest name, in query tokens. */
  maxSpan = 1;

  constructor(names: SearchNames) {
    const makerByKey = new Map<string, string>();
    for (const m of names.manufacturers) {
      const key = compact(m.name);
      if (!key || makerByKey.has(key)) continue;
      makerByKey.set(key, m.name);
      this.addHit(key, { kind: 'manufacturer', name: m.name, rank: -1 });
      this.noteName(m.name);
    }
    const makerName = (raw: string): string => makerByKey.get(compact(raw)) ?? raw;
    // first word of a multi-word manufacturer ("Mercedes" of Mercedes-Benz, "Alfa" of Alfa Romeo)
    for (const [key, name] of makerByKey) {
      const words = name.split(/[\s-]+/).filter(Boolean);
      if (words.length < 2) continue;
      const first = compact(words[0]);
      if (first.length >= 4 && !ALIAS_BLOCKLIST.has(first) && !ENGLISH_WORDS.has(first) && !this.hits.has(first) && first !== key) {
        this.addHit(first, { kind: 'manufacturer', name, rank: -1 });
      }
    }
    for (const [alias, target] of Object.entries(MANUFACTURER_ALIASES)) {
      const key = compact(alias);
      if (this.hits.get(key)?.some((h) => h.kind === 'manufacturer')) continue;
      this.addHit(key, { kind: 'manufacturer', name: makerName(target), rank: -1 });
    }

    const modelsByKey = new Map<string, { name: string; manufacturer: string; rank: number }>();
    names.models.forEach((m, rank) => {
      const key = compact(m.name);
      if (!key) return;
      const manufacturer = makerName(m.manufacturer);
      const makers = this.modelMakers.get(key) ?? new Set<string>();
      if (makers.has(manufacturer)) return;
      makers.add(manufacturer);
      this.modelMakers.set(key, makers);
      if (!modelsByKey.has(key)) modelsByKey.set(key, { name: m.name, manufacturer, rank });
      this.addHit(key, { kind: 'model', name: m.name, manufacturer, rank });
      this.noteName(m.name);
    });
    // first/last word of multi-word models ("Bolt" of Bolt EV, "Lightning" of F-150 Lightning); when
    // several models share the word, the manufacturer named before it or the rank decides
    const partial = new Map<string, { name: string; manufacturer: string; rank: number }[]>();
    names.models.forEach((m, rank) => {
      const words = m.name.split(/\s+/).filter(Boolean);
      if (words.length < 2) return;
      for (const w of new Set([words[0], words[words.length - 1]])) {
        const key = compact(w);
        if (key.length < 4 || /^\d+$/.test(key) || ALIAS_BLOCKLIST.has(key) || ENGLISH_WORDS.has(key) || MAIN_LEXICON.has(key)) continue;
        if (this.hits.get(key)?.some((h) => h.kind === 'manufacturer' || (h.kind === 'model' && h.rank <= rank))) continue;
        const list = partial.get(key) ?? [];
        const manufacturer = makerName(m.manufacturer);
        if (!list.some((x) => x.manufacturer === manufacturer)) list.push({ name: m.name, manufacturer, rank });
        partial.set(key, list);
      }
    });
    for (const [key, models] of partial) for (const model of models) this.addHit(key, { kind: 'model', ...model });
    for (const [alias, target] of Object.entries(MODEL_ALIASES)) {
      const model = modelsByKey.get(compact(target));
      const key = compact(alias);
      if (!model || this.hits.get(key)?.some((h) => h.kind === 'manufacturer' || (h.kind === 'model' && h.rank <= model.rank))) continue;
      this.addHit(key, { kind: 'model', ...model });
    }

    for (const t of names.trims ?? []) {
      const key = compact(t);
      if (!key || this.hits.get(key)?.some((h) => h.kind === 'trim')) continue;
      this.addHit(key, { kind: 'trim', name: t, rank: -1 });
      for (const w of foldCase(t).split(/[^a-z0-9]+/)) if (w) this.knownWords.add(w);
      this.maxSpan = Math.max(this.maxSpan, Math.min(5, tokenPieces(t)));
    }
    for (const key of this.hits.keys()) this.knownWords.add(key);
    // names sorted so that each hit list reads manufacturer, model, trim
    const order = { manufacturer: 0, model: 1, trim: 2 } as const;
    for (const list of this.hits.values()) list.sort((a, b) => order[a.kind] - order[b.kind] || a.rank - b.rank);
    this.buildFuzzy(names, makerName);
  }

  private addHit(key: string, hit: NameHit): void {
    const list = this.hits.get(key);
    if (list) list.push(hit);
    else this.hits.set(key, [hit]);
  }

  private noteName(name: string): void {
    for (const w of foldCase(name).split(/[^a-z0-9]+/)) if (w) this.knownWords.add(w);
    this.maxSpan = Math.max(this.maxSpan, Math.min(5, tokenPieces(name)));
  }

  private buildFuzzy(names: SearchNames, makerName: (raw: string) => string): void {
    const seen = new Map<string, FuzzyTarget>();
    const put = (target: FuzzyTarget): void => {
      if (target.word.length < 3 || !/^[a-z]+$/.test(target.word)) return;
      const prev = seen.get(target.word);
      if (prev && prev.tier <= target.tier) return;
      seen.set(target.word, target);
    };
    for (const w of VOCAB_TIER1) put({ word: w, tier: 1, isName: false, manufacturer: null });
    for (const w of VOCAB_TIER2) put({ word: w, tier: 2, isName: false, manufacturer: null });
    for (const [key, hits] of this.hits) {
      const hit = hits[0];
      if (hit.kind === 'trim') continue;
      put({ word: key, tier: 1, isName: true, manufacturer: hit.kind === 'model' ? hit.manufacturer : null });
    }
    for (const m of names.models) {
      const words = foldCase(m.name).split(/[^a-z0-9]+/).filter(Boolean);
      if (words.length < 2) continue;
      for (const w of words) put({ word: w, tier: 2, isName: true, manufacturer: makerName(m.manufacturer) });
    }
    for (const m of names.manufacturers) {
      for (const w of foldCase(m.name).split(/[^a-z0-9]+/).filter(Boolean)) put({ word: w, tier: 2, isName: true, manufacturer: null });
    }
    for (const t of seen.values()) {
      const list = this.fuzzy.get(t.word[0]);
      if (list) list.push(t);
      else this.fuzzy.set(t.word[0], [t]);
    }
  }
}

/** How many query tokens a name may take when typed with spaces ("RAV4" -> "rav 4" = 2). */
function tokenPieces(name: string): number {
  return foldCase(name).split(/[^a-z0-9]+|(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])/).filter(Boolean).length;
}

const compiledCache = new WeakMap<SearchNames, CompiledSearchNames>();

export function compileSearchNames(names: SearchNames): CompiledSearchNames {
  let compiled = compiledCache.get(names);
  if (!compiled) {
    compiled = new CompiledSearchNames(names);
    compiledCache.set(names, compiled);
  }
  return compiled;
}

// ==================================================================== tokens

interface Token {
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

const NUMBER_WORDS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30,
  forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100, thousand: 1000, million: 1e6,
};
const SMALL_WORDS = new Set(['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen']);
const TENS_WORDS = new Set(['twenty', 'thirty', 'forty', 'fourty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']);
const THOUSAND_WORDS = new Set(['thousand', 'grand', 'k', 'thou', 'g']);

// ==================================================================== static vocabulary indexes

const WEAK_OR_ENGLISH = (w: string): boolean => ENGLISH_WORDS.has(w) || MAIN_LEXICON.get(w)?.k === 'weak';

/** Words of the fixed vocabulary, for typo correction; tier 1 stand alone, tier 2 only inside phrases. */
const VOCAB_TIER1 = new Set<string>();
const VOCAB_TIER2 = new Set<string>();
/** Every word of every phrase, filler included: never typo-corrected. */
const PHRASE_WORDS = new Set<string>();
for (const source of [MAIN_LEXICON.keys(), LEADING_COMPARATORS.keys(), TRAILING_COMPARATORS.keys(), TRAILING_YEAR_COMPARATORS.keys(), UNIT_LEXICON.keys()]) {
  for (const phrase of source) for (const w of phrase.split(' ')) PHRASE_WORDS.add(w);
}
/** Consecutive word pairs of vocabulary phrases ("backup camera"): a typo completing one is preferred. */
const VOCAB_BIGRAMS = new Set<string>();
{
  // filler phrases are no correction target ("whit" is "white", not "what")
  const meaningful = [...MAIN_LEXICON].filter(([, e]) => e.k !== 'weak').map(([k]) => k);
  const phraseSources: Iterable<string>[] = [meaningful, LEADING_COMPARATORS.keys(), TRAILING_COMPARATORS.keys(), TRAILING_YEAR_COMPARATORS.keys(), UNIT_LEXICON.keys()];
  for (const source of phraseSources) {
    for (const phrase of source) {
      const words = phrase.split(' ');
      if (words.length === 1) VOCAB_TIER1.add(words[0]);
      else {
        for (const w of words) VOCAB_TIER2.add(w);
        for (let i = 1; i < words.length; i++) VOCAB_BIGRAMS.add(`${words[i - 1]} ${words[i]}`);
      }
    }
  }
  for (const w of Object.keys(NUMBER_WORDS)) VOCAB_TIER1.add(w);
  for (const w of VOCAB_TIER1) VOCAB_TIER2.delete(w);
}


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

/** Query -> tokens. `isNameStart(a, b)`: whether "a b" begins a name (keeps "grand cherokee" from reading as 1000). */
function tokenize(query: string, isNameStart: (a: string, b: string) => boolean): Token[] {
  let s = foldCase(query)
    .replace(/[’‘`´]/g, "'")
    .replace(/([a-z])n't\b/g, '$1 not')
    .replace(/'/g, '')
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
  for (const m of s.matchAll(TOKEN_RE)) {
    const w = m[0];
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

// ==================================================================== atoms and links

interface Atom {
  /** Attribute used for grouping ("certified" for certified pre-owned, which also sets condition). */
  readonly attr: string;
  conds: CondSpec[];
  readonly negated?: readonly CondSpec[];
  neg: boolean;
  /** Carries a numeric bound (price under X, ...): shared across "or" branches unless each has one. */
  readonly numeric: boolean;
  readonly nameKind?: 'manufacturer' | 'model' | 'trim';
}

type LinkKind = 'or' | 'and' | 'with' | 'comma' | 'boundary' | 'gap';
type Item = { readonly t: 'atom'; readonly atom: Atom } | { readonly t: 'link'; readonly link: LinkKind };

const SINGLE_VALUED = new Set([
  'condition', 'certified', 'manufacturer', 'model', 'trim', 'year', 'type', 'color', 'fuel_type', 'transmission', 'drive_train',
  'seats', 'doors', 'accident', 'stock_number', 'vin',
]);
const INTEGER_ATTRS = new Set(['year', 'kilometers', 'seats', 'doors', 'horse_power', 'monthly_lease_payment', 'monthly_finance_payment']);
const MILES_TO_KM = 1.609344;
const VIN_RE = /^[a-hj-npr-z0-9]{17}$/;
const STOCK_RE = /^[a-z]{1,3}\d{4,8}$/;

const cond = (attribute: string, comparator: Comparator, value: ScalarValue): CondSpec => ({ attribute, comparator, value });

function makeAtom(attr: string, conds: CondSpec[], extra: Partial<Pick<Atom, 'negated' | 'nameKind'>> = {}): Atom {
  return {
    attr,
    conds,
    neg: false,
    numeric: conds.some((c) => c.comparator === 'lt' || c.comparator === 'lte' || c.comparator === 'gt' || c.comparator === 'gte'),
    ...extra,
  };
}

// ==================================================================== parser

interface NameContext {
  /** The atom just before: a manufacturer, model or trim (null for anything else). */
  readonly kind: NameHit['kind'] | null;
  readonly name: string | null;
  readonly neg: boolean;
  /** "Outback 2020 Limited": a model year sits between the model and the trim. */
  readonly modelBeforeYear: boolean;
}

type Candidate =
  | { readonly src: 'main'; readonly span: number; readonly entry: LexEntry }
  | { readonly src: 'lead'; readonly span: number; readonly entry: ComparatorEntry<LeadingComparator> }
  | { readonly src: 'name'; readonly span: number; readonly hit: NameHit };

const isYearish = (t: Token): boolean =>
  t.kind === 'num' && !t.k && !t.dollar && !t.decimal && !t.words && !t.ordinal && t.value >= 1950 && t.value <= 2040;

class QueryParser {
  private readonly items: Item[] = [];
  private sort: SortKey | null = null;
  private negActive = false;
  private negAttr: string | null = null;
  private cue: { attr: CueAttribute; end: number; atoms: number } | null = null;
  private atomCount = 0;
  /** Token index just after the last numeric condition (bounds the look-back for "lease"). */
  private lastAtomEnd = 0;

  constructor(
    private readonly toks: Token[],
    private readonly names: CompiledSearchNames,
  ) {}

  run(): Translation {
    this.correctTypos();
    let i = 0;
    while (i < this.toks.length) i = this.step(i);
    return { filter: buildFilter(this.items, this.names), sort: this.sort };
  }

  // ------------------------------------------------------------ typo correction

  private isKnown(w: string): boolean {
    if (MAIN_LEXICON.has(w) || LEADING_COMPARATORS.has(w) || TRAILING_COMPARATORS.has(w) || UNIT_LEXICON.has(w)) return true;
    if (ENGLISH_WORDS.has(w) || PHRASE_WORDS.has(w) || this.names.knownWords.has(w) || w in NUMBER_WORDS) return true;
    return false;
  }

  private knownOrPlural(w: string): boolean {
    if (this.isKnown(w)) return true;
    if (w.length > 3 && w.endsWith('s') && this.isKnown(w.slice(0, -1))) return true;
    if (w.length > 4 && w.endsWith('es') && this.isKnown(w.slice(0, -2))) return true;
    return false;
  }

  private correctTypos(): void {
    let prevMaker: string | null = null;
    let prevText = '';
    for (const t of this.toks) {
      if (t.kind === 'word' && /^[a-z]+$/.test(t.text) && t.text.length >= 3 && !this.knownOrPlural(t.text)) {
        const fixed = this.bestCorrection(t.text, prevText, prevMaker) ?? (t.text.endsWith('s') ? this.bestCorrection(t.text.slice(0, -1), prevText, prevMaker) : null);
        if (fixed) {
          t.text = fixed;
          t.compact = compact(fixed);
        }
      }
      prevText = t.text;
      const hit = this.names.hits.get(t.compact)?.[0];
      prevMaker = hit && hit.kind === 'manufacturer' ? hit.name : null;
    }
  }

  private bestCorrection(w: string, prevText: string, prevMaker: string | null): string | null {
    const candidates = this.names.fuzzy.get(w[0]);
    if (!candidates) return null;
    const max = w.length >= 8 ? 2 : 1;
    let best: FuzzyTarget | null = null;
    let bestScore = Infinity;
    for (const c of candidates) {
      if (Math.abs(c.word.length - w.length) > max) continue;
      if (w.length === 3 && (c.word.length !== 3 || [...w].sort().join('') !== [...c.word].sort().join(''))) continue;
      if (c.word.length === 3 && w.length > 4) continue;
      const d = boundedEditDistance(w, c.word, max);
      if (d > max) continue;
      // distance first; then a word completing a phrase or a model of the manufacturer just named;
      // then stand-alone words before phrase-only words; then vocabulary before names
      const context = VOCAB_BIGRAMS.has(`${prevText} ${c.word}`) || (prevMaker !== null && c.manufacturer === prevMaker);
      const score = d * 100 + (context ? 0 : 10 + c.tier * 10) + (c.isName ? 1 : 0) + Math.abs(c.word.length - w.length) * 0.1;
      if (score < bestScore) {
        bestScore = score;
        best = c;
      }
    }
    return best ? best.word : null;
  }

  // ------------------------------------------------------------ main loop

  private step(i: number): number {
    const t = this.toks[i];
    if (t.kind === 'sym') {
      switch (t.text) {
        case ',':
          this.link('comma');
          return i + 1;
        case ';':
          this.link('boundary');
          return i + 1;
        case '/':
          this.link('or');
          return i + 1;
        case '&':
          this.link('and');
          return i + 1;
        case '#': {
          const end = this.identifierAfter(i + 1, 'stock');
          return end > 0 ? end : i + 1;
        }
        default:
          break;
      }
    }
    const id = this.bareIdentifier(i);
    if (id > 0) return id;

    for (const c of this.candidates(i)) {
      if (c.src === 'lead') {
        const end = this.numeric(i, c);
        if (end > 0) return end;
        continue;
      }
      if (c.src === 'name') {
        this.emitName(c.hit);
        return i + c.span;
      }
      const end = this.applyMain(i, c.span, c.entry);
      if (end > 0) return end;
    }
    if (t.kind === 'num') {
      const end = this.numeric(i, null);
      if (end > 0) return end;
    }
    if (t.kind !== 'sym') this.link('gap');
    return i + 1;
  }

  /** Lexicon matches at i: longest first; at equal length vocabulary, comparator, name, filler. */
  private candidates(i: number): Candidate[] {
    const out: Candidate[] = [];
    const main = this.mainAt(i);
    if (main) out.push(main);
    const lead = this.leadAt(i);
    if (lead) out.push(lead);
    const name = this.nameAt(i);
    if (name) out.push(name);
    const prio = (c: Candidate): number => (c.src === 'main' ? (c.entry.k === 'weak' ? 3 : 0) : c.src === 'lead' ? 1 : 2);
    return out.sort((a, b) => b.span - a.span || prio(a) - prio(b));
  }

  private key(i: number, span: number): string | null {
    if (i + span > this.toks.length) return null;
    let k = '';
    for (let j = i; j < i + span; j++) {
      const t = this.toks[j];
      k += (j > i ? ' ' : '') + t.text;
    }
    return k;
  }

  private mainAt(i: number): Candidate | null {
    for (let span = Math.min(MAX_MAIN_SPAN, this.toks.length - i); span >= 1; span--) {
      const key = this.key(i, span);
      if (key === null) continue;
      const entry = MAIN_LEXICON.get(key);
      if (entry) return { src: 'main', span, entry };
      const last = this.toks[i + span - 1];
      if (last.kind === 'word' && last.text.length > 3 && last.text.endsWith('s')) {
        for (const cut of [1, 2]) {
          const plural = MAIN_LEXICON.get(key.slice(0, -cut));
          if (plural && plural.k === 'cond') return { src: 'main', span, entry: plural };
        }
      }
    }
    return null;
  }

  private leadAt(i: number): Candidate | null {
    for (let span = Math.min(MAX_LEADING_SPAN, this.toks.length - i); span >= 1; span--) {
      const key = this.key(i, span);
      const entry = key === null ? undefined : LEADING_COMPARATORS.get(key);
      if (entry) return { src: 'lead', span, entry };
    }
    return null;
  }

  /** The longest name at i, unless better-ranked shorter names spell the same words ("RAM 1500" vs Ram + 1500). */
  private nameAt(i: number): Candidate | null {
    const ctx = this.nameContext();
    const found = this.nameCandidates(i, ctx);
    if (found.length === 0) return null;
    let best = found[0];
    if (best.hit.kind === 'model' && best.span >= 2) {
      const longRank = best.hit.rank;
      for (const part of found.slice(1)) {
        if (part.hit.kind === 'trim' || part.hit.rank >= longRank) continue;
        if (this.remainderResolves(i + part.span, i + best.span, part.hit, longRank)) {
          best = part;
          break;
        }
      }
    }
    return { src: 'name', span: best.span, hit: best.hit };
  }

  private remainderResolves(start: number, end: number, after: NameHit, maxRank: number): boolean {
    const ctx: NameContext = { kind: after.kind, name: after.name, neg: false, modelBeforeYear: false };
    if (this.nameCandidates(start, ctx).some((c) => c.span === end - start && c.hit.rank < maxRank)) return true;
    // "Silverado 1500" with only "Silverado" in stock: the model, and the number means nothing
    if (after.kind !== 'model') return false;
    for (let j = start; j < end; j++) if (this.toks[j].kind !== 'num') return false;
    return true;
  }

  private nameContext(): NameContext {
    const prev = this.prevAtom();
    const before = this.items[this.items.length - 2];
    const value = prev?.conds[0]?.value;
    return {
      kind: prev?.nameKind ?? null,
      name: typeof value === 'string' ? value : null,
      neg: prev?.neg ?? false,
      modelBeforeYear: !!prev && prev.attr === 'year' && !!before && before.t === 'atom' && !!before.atom.nameKind && !before.atom.neg,
    };
  }

  /** Accepted name hits at i, one per length, longest first. */
  private nameCandidates(i: number, ctx: NameContext): { span: number; hit: NameHit }[] {
    const toks = this.toks;
    const out: { span: number; hit: NameHit }[] = [];
    let spanLimit = Math.min(this.names.maxSpan, toks.length - i);
    for (let j = i; j < i + spanLimit; j++) {
      if (toks[j].kind === 'sym') {
        spanLimit = j - i;
        break;
      }
    }
    for (let span = spanLimit; span >= 1; span--) {
      let key = '';
      let alt = '';
      let hasAlt = false;
      for (let j = i; j < i + span; j++) {
        key += toks[j].compact;
        alt += toks[j].alt ?? toks[j].compact;
        if (toks[j].alt !== null) hasAlt = true;
      }
      const keys = [key];
      if (hasAlt) keys.push(alt);
      const last = toks[i + span - 1];
      if (last.kind === 'word' && last.text.length > 3 && last.text.endsWith('s')) {
        keys.push(key.slice(0, -1));
        if (last.text.endsWith('es')) keys.push(key.slice(0, -2));
      }
      for (const k of keys) {
        const hits = this.names.hits.get(k);
        if (!hits) continue;
        const hit = this.acceptName(hits, i, span, k, ctx);
        if (hit) {
          out.push({ span, hit });
          break;
        }
      }
    }
    return out;
  }

  private prevAtom(): Atom | null {
    const last = this.items[this.items.length - 1];
    return last && last.t === 'atom' ? last.atom : null;
  }

  private acceptName(hits: readonly NameHit[], i: number, span: number, key: string, ctx: NameContext): NameHit | null {
    const toks = this.toks;
    const first = toks[i];
    const last = toks[i + span - 1];
    // a name ending in a number is not followed by a unit ("Mazda 5 seats" is Mazda + 5 seats)
    if (last.kind === 'num' && this.isUnitWord(i + span)) return null;
    const ordinaryWord = span === 1 && first.kind === 'word' && WEAK_OR_ENGLISH(first.text);
    const numeric = /^\d+$/.test(key);
    const afterMaker = ctx.kind === 'manufacturer' && !ctx.neg ? ctx.name : null;
    const models: Extract<NameHit, { kind: 'model' }>[] = [];
    const trims: NameHit[] = [];
    for (const hit of hits) {
      if (hit.kind === 'manufacturer') {
        if (!ordinaryWord && !numeric) return hit;
      } else if (hit.kind === 'model') models.push(hit);
      else trims.push(hit);
    }
    // right after a model, a word that is also a trim is the trim ("Mustang GT", "Camaro SS")
    if (ctx.kind === 'model' && !ctx.neg && trims.length > 0) return trims[0];
    if (models.length > 0) {
      const maker = afterMaker !== null ? models.find((h) => h.manufacturer === afterMaker) : undefined;
      let ok = !(ordinaryWord && !maker);
      if (ok && numeric && !maker) {
        // a model named by a number ("1500", "911") alone: not a year, a price or a count
        ok = span === 1 && !isYearish(first) && !first.dollar && !first.k && !first.decimal && !first.words && !first.ordinal && ctx.kind === null && models.length === 1;
      }
      if (ok) return maker ?? models[0];
    }
    return trims.find((t) => this.acceptTrim(t.name, i, span, ctx)) ?? null;
  }

  /** Trims are matched right after a model or manufacturer, next to the word "trim", or when they cannot be anything else. */
  private acceptTrim(trim: string, i: number, span: number, ctx: NameContext): boolean {
    if ((ctx.kind !== null && !ctx.neg) || ctx.modelBeforeYear) return true;
    const tokBefore = this.toks[i - 1];
    const tokAfter = this.toks[i + span];
    if ((tokBefore && MAIN_LEXICON.get(tokBefore.text)?.k === 'trimCue') || (tokAfter && MAIN_LEXICON.get(tokAfter.text)?.k === 'trimCue')) return true;
    const key = foldCase(trim);
    if (TRIM_STANDALONE_BLOCKLIST.has(key)) return false;
    if (span >= 2) {
      for (let j = i; j < i + span; j++) {
        const w = this.toks[j].text;
        const entry = MAIN_LEXICON.get(w);
        if ((entry && entry.k !== 'weak') || LEADING_COMPARATORS.has(w) || ENGLISH_WORDS.has(w)) return false;
      }
      return true;
    }
    const c = compact(trim);
    if (c.length < 3) return false;
    if (/\d/.test(c) && /[a-z]/.test(c)) return true;
    if (/^[A-Z0-9+/-]+$/.test(trim)) return true;
    return c.length >= 5 && !ENGLISH_WORDS.has(c) && !MAIN_LEXICON.has(c);
  }

  /** A unit, "+", "or more", "to 7"...: the number before it is a quantity, not part of a name. */
  private isUnitWord(i: number): boolean {
    const t = this.toks[i];
    if (!t) return false;
    if (t.kind === 'sym') return t.text === '+';
    if (UNIT_LEXICON.has(t.text) || THOUSAND_WORDS.has(t.text) || t.text === 'row' || t.text === 'rows') return true;
    if (this.trailingAt(i, false)) return true;
    const next = this.toks[i + 1];
    return (t.text === 'to' || t.text === 'through' || t.text === 'thru') && next !== undefined && next.kind === 'num';
  }

  // ------------------------------------------------------------ emitting

  private link(kind: LinkKind): void {
    this.items.push({ t: 'link', link: kind });
    if (kind === 'gap' || kind === 'boundary' || kind === 'with') {
      this.negActive = false;
      this.negAttr = null;
    }
  }

  private emit(atom: Atom): void {
    const prev = this.prevAtom();
    if (this.negActive && atom.nameKind === 'model' && prev && prev.neg && prev.nameKind === 'manufacturer' && this.negAttr === 'manufacturer') {
      // "not a Toyota Camry": not that model (of that manufacturer)
      this.items.pop();
      this.atomCount--;
      this.negAttr = null;
    }
    if (this.negActive) {
      if (this.negAttr === null || this.negAttr === atom.attr) {
        atom.neg = true;
        this.negAttr = atom.attr;
      } else {
        this.negActive = false;
        this.negAttr = null;
      }
    }
    this.items.push({ t: 'atom', atom });
    this.atomCount++;
  }

  private emitName(hit: NameHit): void {
    this.emit(makeAtom(hit.kind, [cond(hit.kind, 'eq', hit.name)], { nameKind: hit.kind }));
  }

  private applyMain(i: number, span: number, entry: LexEntry): number {
    const end = i + span;
    switch (entry.k) {
      case 'cond':
        this.emit(makeAtom(entry.attr, [...entry.conds], entry.negated ? { negated: entry.negated } : {}));
        return end;
      case 'sort':
        this.sort ??= entry.sort;
        return end;
      case 'neg':
        this.negActive = true;
        this.negAttr = null;
        return end;
      case 'cue':
        this.cue = { attr: entry.attr, end, atoms: this.atomCount };
        return end;
      case 'link': {
        if (entry.link === 'boundary' && this.toks[i].text === 'but' && this.afterAny(i)) {
          // "any make but Ford", "any color but red": but = except
          this.negActive = true;
          this.negAttr = null;
          return end;
        }
        const withLike = entry.link === 'and' && /^(with|w|having|featuring|equipped|includes|including|that)/.test(this.toks[i].text);
        this.link(withLike ? 'with' : entry.link);
        return end;
      }
      case 'stock': {
        const after = this.identifierAfter(end, 'stock');
        return after > 0 ? after : end;
      }
      case 'vin': {
        const after = this.identifierAfter(end, 'vin');
        return after > 0 ? after : end;
      }
      case 'weak':
      case 'trimCue':
        return end;
    }
  }

  private afterAny(i: number): boolean {
    for (let j = i - 1; j >= Math.max(0, i - 3); j--) {
      const w = this.toks[j].text;
      if (w === 'any' || w === 'anything' || w === 'everything' || w === 'all' || w === 'every') return true;
    }
    return false;
  }

  // ------------------------------------------------------------ identifiers

  private bareIdentifier(i: number): number {
    const t = this.toks[i];
    if (t.kind !== 'word') return -1;
    if (VIN_RE.test(t.text) && /\d/.test(t.text) && /[a-z]/.test(t.text)) {
      this.emit(makeAtom('vin', [cond('vin', 'eq', t.text.toUpperCase())]));
      return i + 1;
    }
    if (STOCK_RE.test(t.text) && !this.names.hits.has(t.compact)) {
      this.emit(makeAtom('stock_number', [cond('stock_number', 'eq', t.text.toUpperCase())]));
      return i + 1;
    }
    return -1;
  }

  /** After "stock #", "vin": the identifier (or "vin ending in 12345" -> like). */
  private identifierAfter(j: number, what: 'stock' | 'vin'): number {
    const toks = this.toks;
    const filler = new Set(['#', 'number', 'no', 'num', 'nr', 'is', 'of', 'id', 'code']);
    while (j < toks.length && filler.has(toks[j].text)) j++;
    if (what === 'vin') {
      const t = toks[j];
      if (!t) return -1;
      const ending = t.text === 'ending' || t.text === 'ends' || t.text === 'that';
      const starting = t.text === 'starting' || t.text === 'starts' || t.text === 'beginning' || t.text === 'begins';
      if (ending || starting) {
        let k = j + 1;
        while (k < toks.length && ['ends', 'in', 'with', 'on', 'by'].includes(toks[k].text)) k++;
        const id = toks[k];
        if (id && /^[a-z0-9]+$/.test(id.compact) && id.compact.length >= 3) {
          const v = id.compact.toUpperCase();
          this.emit(makeAtom('vin', [cond('vin', 'like', ending ? `%${v}` : `${v}%`)]));
          return k + 1;
        }
        return -1;
      }
      if (t.kind === 'word' && VIN_RE.test(t.text)) {
        this.emit(makeAtom('vin', [cond('vin', 'eq', t.text.toUpperCase())]));
        return j + 1;
      }
      return -1;
    }
    const t = toks[j];
    if (t && t.kind !== 'sym' && /\d/.test(t.compact) && t.compact.length >= 3) {
      this.emit(makeAtom('stock_number', [cond('stock_number', 'eq', t.text.replace(/,/g, '').toUpperCase())]));
      return j + 1;
    }
    return -1;
  }

  // ------------------------------------------------------------ numbers

  private activeCue(i: number): CueAttribute | null {
    const c = this.cue;
    if (!c || c.atoms !== this.atomCount || i - c.end > 3 || i < c.end) return null;
    return c.attr;
  }

  private unitAt(i: number): { unit: Unit; span: number } | null {
    for (let span = Math.min(MAX_UNIT_SPAN, this.toks.length - i); span >= 1; span--) {
      const key = this.key(i, span);
      const unit = key === null ? undefined : UNIT_LEXICON.get(key);
      if (unit) return { unit, span };
    }
    return null;
  }

  private trailingAt(i: number, yearish: boolean): { entry: ComparatorEntry<TrailingComparator>; span: number } | null {
    const toks = this.toks;
    if (toks[i]?.kind === 'sym' && toks[i].text === '+') return { entry: { cmp: 'gte', year: yearish }, span: 1 };
    for (let span = Math.min(MAX_TRAILING_SPAN, toks.length - i); span >= 1; span--) {
      const key = this.key(i, span);
      if (key === null) continue;
      const entry = (yearish ? TRAILING_YEAR_COMPARATORS.get(key) : undefined) ?? TRAILING_COMPARATORS.get(key);
      if (entry) return { entry, span };
    }
    return null;
  }

  /** "X to Y", "X-Y", "X through Y" (and "X and Y" after between). */
  private rangeTail(j: number, allowAnd: boolean): { b: Token; next: number } | null {
    const toks = this.toks;
    const t = toks[j];
    if (!t) return null;
    if (t.kind === 'num' && t.hyphen) return { b: t, next: j + 1 };
    const joiners = allowAnd ? ['to', 'through', 'thru', 'until', 'till', 'and'] : ['to', 'through', 'thru', 'until', 'till'];
    if (t.kind === 'word' && joiners.includes(t.text)) {
      const b = toks[j + 1];
      if (b && b.kind === 'num') return { b, next: j + 2 };
    }
    return null;
  }

  private numeric(i: number, lead: Extract<Candidate, { src: 'lead' }> | null): number {
    const toks = this.toks;
    let j = lead ? i + lead.span : i;
    let cue = this.activeCue(i);
    let articleBetween = false;
    if (lead) {
      for (let skipped = 0; skipped < 3 && j < toks.length && toks[j].kind !== 'num'; skipped++) {
        const m = this.mainAt(j);
        if (!m || m.src !== 'main' || (m.entry.k !== 'weak' && m.entry.k !== 'cue')) break;
        if (m.entry.k === 'cue') cue = m.entry.attr;
        if (toks[j].text === 'a' || toks[j].text === 'an') articleBetween = true;
        j += m.span;
      }
    }
    const a = toks[j];
    if (!a || a.kind !== 'num') return -1;
    let b: Token | null = null;
    let k = j + 1;
    let cmp: LeadingComparator | TrailingComparator | 'eq' | 'range';
    let yearOnly = lead?.entry.year ?? false;
    let trailing = false;
    if (lead && (lead.entry.cmp === 'between' || lead.entry.cmp === 'from')) {
      const r = this.rangeTail(k, lead.entry.cmp === 'between');
      if (r) {
        b = r.b;
        k = r.next;
        cmp = 'range';
      } else if (lead.entry.cmp === 'from') {
        // "from 2015", "from 2015 or newer", "from 20k up"
        const tr = this.trailingAt(k, isYearish(a));
        if (tr) {
          cmp = tr.entry.cmp;
          k += tr.span;
        } else cmp = 'gte';
        if (isYearish(a)) yearOnly = true;
      } else cmp = 'eq';
    } else if (lead) {
      cmp = lead.entry.cmp;
    } else {
      const r = this.rangeTail(k, false);
      if (r) {
        b = r.b;
        k = r.next;
        cmp = 'range';
      } else cmp = 'eq';
    }
    if (cmp === 'eq' && a.ish) cmp = 'around';

    let unit: Unit | null = null;
    const takeUnit = (): void => {
      if (unit !== null) return;
      const u = this.unitAt(k);
      if (u) {
        unit = u.unit;
        k += u.span;
      }
    };
    if (!lead && cmp === 'eq' && toks[k]?.kind === 'sym' && toks[k].text === '+') {
      cmp = 'gte';
      trailing = true;
      yearOnly = isYearish(a);
      k++;
    }
    takeUnit();
    if (!lead && cmp === 'eq') {
      const tr = this.trailingAt(k, isYearish(a) && unit === null);
      if (tr) {
        cmp = tr.entry.cmp;
        yearOnly = tr.entry.year ?? false;
        trailing = true;
        k += tr.span;
        takeUnit();
      }
    }
    // "20-30k", "between 20 and 30 grand": the scale of the second number applies to the first
    let av = a.value;
    const bv = b ? b.value : NaN;
    if (b && b.k && !a.k && av < 1000 && bv >= 1000) av *= 1000;

    const attr = this.resolveAttribute({ a, b, unit, cue, yearOnly, cmp, trailing, articleBetween, lead: lead !== null, start: i, end: k });
    if (attr === null) return -1;
    const conds = buildNumericConds(attr.attribute, cmp, av, b ? bv : null, attr.miles);
    if (conds.length === 0) return -1;
    this.cue = null;
    this.emit(makeAtom(attr.attribute, conds));
    this.lastAtomEnd = k;
    return k;
  }

  private resolveAttribute(x: {
    a: Token;
    b: Token | null;
    unit: Unit | null;
    cue: CueAttribute | null;
    yearOnly: boolean;
    cmp: string;
    trailing: boolean;
    articleBetween: boolean;
    lead: boolean;
    start: number;
    end: number;
  }): { attribute: string; miles: boolean } | null {
    const plain = (attribute: string) => ({ attribute, miles: false });
    switch (x.unit) {
      case 'km':
        return plain('kilometers');
      case 'miles':
        return { attribute: 'kilometers', miles: true };
      case 'hp':
        return plain('horse_power');
      case 'seats':
        return plain('seats');
      case 'doors':
        return plain('doors');
      case 'month':
        if (x.cue === 'lease') return plain('monthly_lease_payment');
        if (x.cue === 'finance') return plain('monthly_finance_payment');
        return plain(this.leaseNear(x.start, x.end) ? 'monthly_lease_payment' : 'monthly_finance_payment');
      case 'dollars':
        return plain(x.cue === 'lease' ? 'monthly_lease_payment' : x.cue === 'finance' ? 'monthly_finance_payment' : 'price');
      case 'other':
        return null;
      case null:
        break;
    }
    const yearish = isYearish(x.a) && (x.b === null || isYearish(x.b));
    // "the price of the 2020 Civic": no car costs a model year's worth of dollars
    if (yearish && (x.cue === 'price' || x.cue === null)) return plain('year');
    switch (x.cue) {
      case 'price':
        return plain('price');
      case 'kilometers':
        return plain('kilometers');
      case 'miles':
        return { attribute: 'kilometers', miles: true };
      case 'horse_power':
        return plain('horse_power');
      case 'seats':
        return plain('seats');
      case 'doors':
        return plain('doors');
      case 'lease':
        return plain('monthly_lease_payment');
      case 'finance':
        return plain('monthly_finance_payment');
      case 'monthly':
        return plain(this.leaseNear(x.start, x.end) ? 'monthly_lease_payment' : 'monthly_finance_payment');
      case 'year':
        return plain('year');
      case null:
        break;
    }
    if (x.yearOnly) return isYearish(x.a) ? plain('year') : null;
    // a number that reads as a model year is one, whatever the comparator ("at least 2019",
    // "under 2015"): no car costs a model year's worth of dollars; "$2,000" and "2k" are prices
    if (yearish) return plain('year');
    const money = x.a.dollar || x.a.k || (x.b !== null && (x.b.dollar || x.b.k));
    if (money) return plain('price');
    // a bare plain number means nothing by itself, nor does a small one ("0-60 in 4 seconds", "top 10")
    if (x.cmp === 'eq' || x.a.value < 100) return null;
    return plain('price');
  }

  /** "lease" within the current clause (since the previous condition) or right after the number. */
  private leaseNear(start: number, end: number): boolean {
    for (let j = Math.max(0, start - 6, this.lastAtomEnd); j < Math.min(this.toks.length, end + 3); j++) {
      const w = this.toks[j].text;
      if (w === 'lease' || w === 'leasing' || w === 'leased' || w === 'leases') return true;
    }
    return false;
  }
}

const round2 = (v: number): number => Math.round(v * 100) / 100;

function buildNumericConds(
  attribute: string,
  cmp: LeadingComparator | TrailingComparator | 'eq' | 'range',
  a: number,
  b: number | null,
  miles: boolean,
): CondSpec[] {
  const integer = INTEGER_ATTRS.has(attribute);
  const conv = (v: number): number => {
    const x = miles ? v * MILES_TO_KM : v;
    return integer ? Math.round(x) : round2(x);
  };
  const va = conv(a);
  switch (cmp) {
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
      return [cond(attribute, cmp, va)];
    case 'range': {
      const vb = conv(b ?? a);
      return [cond(attribute, 'gte', Math.min(va, vb)), cond(attribute, 'lte', Math.max(va, vb))];
    }
    case 'around': {
      if (attribute === 'year') return [cond(attribute, 'gte', va - 1), cond(attribute, 'lte', va + 1)];
      if (attribute === 'seats' || attribute === 'doors') return [cond(attribute, 'eq', va)];
      const lo = integer ? Math.round(va * 0.9) : round2(va * 0.9);
      const hi = integer ? Math.round(va * 1.1) : round2(va * 1.1);
      return [cond(attribute, 'gte', lo), cond(attribute, 'lte', hi)];
    }
    case 'eq':
    case 'between':
    case 'from':
      if (attribute === 'year' || attribute === 'seats' || attribute === 'doors') return [cond(attribute, 'eq', va)];
      if (attribute === 'horse_power') return [cond(attribute, 'gte', va)];
      return [cond(attribute, 'lte', va)];
  }
}

// ==================================================================== grouping atoms into a filter

type LinkBetween = LinkKind | 'adj';

const NEGATE: Partial<Record<Comparator, Comparator>> = {
  eq: 'ne', ne: 'eq', in: 'nin', nin: 'in', lt: 'gte', gte: 'lt', lte: 'gt', gt: 'lte',
};

function condNode(c: CondSpec): FilterNode {
  return comparison(c.comparator, c.attribute, c.value);
}

/** The nodes of an atom (several when it carries several conditions and is not negated). */
function atomNodes(atom: Atom): FilterNode[] {
  if (!atom.neg) return atom.conds.map(condNode);
  if (atom.negated) return atom.negated.map(condNode);
  if (atom.conds.length === 1) {
    const c = atom.conds[0];
    if (c.comparator === 'eq' && typeof c.value === 'boolean') return [comparison('eq', c.attribute, !c.value)];
    const flipped = NEGATE[c.comparator];
    if (flipped) return [comparison(flipped, c.attribute, c.value)];
    return [not(condNode(c))];
  }
  return [not(and(...atom.conds.map(condNode)))];
}

const isListable = (a: Atom): boolean =>
  a.conds.length === 1 && SINGLE_VALUED.has(a.conds[0].attribute) && (a.conds[0].comparator === 'eq' || a.conds[0].comparator === 'in') && !a.negated;

function listValues(a: Atom): ScalarValue[] {
  const v = a.conds[0].value;
  return typeof v === 'object' ? [...v] : [v];
}

const sameValue = (x: ScalarValue, y: ScalarValue): boolean =>
  typeof x === 'string' && typeof y === 'string' ? x.toLowerCase() === y.toLowerCase() : x === y;

/** b's values into a (same attribute): eq -> in. */
function mergeInto(a: Atom, b: Atom): Atom {
  const values = listValues(a);
  for (const v of listValues(b)) if (!values.some((x) => sameValue(x, v))) values.push(v);
  const attribute = a.conds[0].attribute;
  return {
    attr: a.attr,
    conds: [values.length === 1 ? cond(attribute, 'eq', values[0]) : { attribute, comparator: 'in', value: values }],
    neg: a.neg,
    numeric: false,
    nameKind: a.nameKind,
  };
}

interface OrGroup {
  readonly branches: Atom[][];
}

function buildFilter(items: readonly Item[], names: CompiledSearchNames): FilterNode {
  // 1. atoms and the link between each two consecutive atoms
  let atoms: Atom[] = [];
  let links: LinkBetween[] = []; // links[k]: between atoms[k-1] and atoms[k]
  let pending = new Set<LinkKind>();
  for (const item of items) {
    if (item.t === 'link') {
      pending.add(item.link);
      continue;
    }
    if (atoms.length > 0) {
      const l: LinkBetween = pending.has('or')
        ? 'or'
        : pending.has('boundary')
          ? 'boundary'
          : pending.has('gap')
            ? 'gap'
            : pending.has('comma')
              ? 'comma'
              : pending.has('with')
                ? 'with'
                : pending.has('and')
                  ? 'and'
                  : 'adj';
      links.push(l);
    } else links.push('adj');
    atoms.push(item.atom);
    pending = new Set();
  }
  if (atoms.length === 0) return and();

  // 2. same-attribute values next to each other: "Honda or Toyota", "red, white and blue", "not white or silver"
  {
    const mergedAtoms: Atom[] = [atoms[0]];
    const mergedLinks: LinkBetween[] = [links[0]];
    for (let k = 1; k < atoms.length; k++) {
      const prev = mergedAtoms[mergedAtoms.length - 1];
      const cur = atoms[k];
      const l = links[k];
      const joinable = l === 'or' || l === 'comma' || l === 'and' || l === 'adj';
      if (joinable && isListable(prev) && isListable(cur) && prev.conds[0].attribute === cur.conds[0].attribute && prev.neg === cur.neg) {
        // two models side by side name one car ("Golf GTI"): the later, more specific one
        const specific = l === 'adj' && prev.nameKind === 'model' && cur.nameKind === 'model' && prev.conds[0].comparator === 'eq';
        mergedAtoms[mergedAtoms.length - 1] = specific ? cur : mergeInto(prev, cur);
        continue;
      }
      mergedAtoms.push(cur);
      mergedLinks.push(l);
    }
    atoms = mergedAtoms;
    links = mergedLinks;
  }

  // "not white or silver", "without navigation or sunroof": neither, so "and"
  for (let k = 1; k < atoms.length; k++) if (links[k] === 'or' && atoms[k - 1].neg && atoms[k].neg) links[k] = 'and';

  // 3. runs of adjacent atoms; runs joined by "or" form an or-group
  const runs: { atoms: Atom[]; linkBefore: LinkBetween }[] = [];
  atoms.forEach((a, k) => {
    if (k > 0 && links[k] === 'adj') runs[runs.length - 1].atoms.push(a);
    else runs.push({ atoms: [a], linkBefore: k === 0 ? 'adj' : links[k] });
  });
  const units: (Atom | OrGroup)[] = [];
  for (let r = 0; r < runs.length; ) {
    let end = r + 1;
    while (end < runs.length && runs[end].linkBefore === 'or') end++;
    if (end - r === 1) {
      units.push(...runs[r].atoms);
      r = end;
      continue;
    }
    const chain = runs.slice(r, end).map((x) => [...x.atoms]);
    const shared: Atom[] = [];
    // a bound at either end applies to every alternative unless each has its own
    // ("Civic or Corolla under 20k" vs "SUV under 30k or truck under 40k")
    if (!chain.every((branch) => branch.some((a) => a.numeric))) {
      const firstBranch = chain[0];
      while (firstBranch.length > 1 && firstBranch[0].numeric) shared.push(firstBranch.shift() as Atom);
      const lastBranch = chain[chain.length - 1];
      while (lastBranch.length > 1 && lastBranch[lastBranch.length - 1].numeric) shared.push(lastBranch.pop() as Atom);
    }
    // so does a condition at either end whose attribute no other alternative mentions
    // ("used Honda Civic or Toyota Corolla", "Wrangler or Bronco 4x4")
    const mentionedElsewhere = (atom: Atom, branchIndex: number): boolean =>
      chain.some((b, bi) => bi !== branchIndex && b.some((x) => x.attr === atom.attr));
    while (chain[0].length > 1 && !mentionedElsewhere(chain[0][0], 0)) shared.push(chain[0].shift() as Atom);
    const lastIndex = chain.length - 1;
    while (chain[lastIndex].length > 1 && !mentionedElsewhere(chain[lastIndex][chain[lastIndex].length - 1], lastIndex)) {
      shared.push(chain[lastIndex].pop() as Atom);
    }
    if (!chain.every((branch) => branch.length >= 2)) {
      // the atoms next to each "or" are the alternatives; the rest apply to all of them
      const belongs = (x: Atom, anchor: Atom): boolean =>
        !!anchor.nameKind && !!x.nameKind && x.nameKind !== anchor.nameKind && !x.neg && !anchor.neg;
      const allNumeric = chain.every((branch) => branch.some((a) => a.numeric));
      chain.forEach((branch, bi) => {
        if (branch.length < 2) return;
        const keep: Atom[] = [];
        const anchorIndex = bi === 0 ? branch.length - 1 : 0;
        const anchor = branch[anchorIndex];
        branch.forEach((a, ai) => {
          if (ai === anchorIndex || belongs(a, anchor) || (allNumeric && a.numeric)) keep.push(a);
          else shared.push(a);
        });
        chain[bi] = keep;
      });
    }
    units.push({ branches: chain });
    units.push(...shared);
    r = end;
  }

  // 4. remaining same-attribute values anywhere at the top level: in
  const top: (Atom | OrGroup)[] = [];
  for (const u of units) {
    if ('branches' in u) {
      top.push(u);
      continue;
    }
    if (isListable(u) && !u.neg) {
      const idx = top.findIndex((x) => !('branches' in x) && isListable(x) && !x.neg && x.conds[0].attribute === u.conds[0].attribute);
      if (idx >= 0) {
        top[idx] = mergeInto(top[idx] as Atom, u);
        continue;
      }
    }
    top.push(u);
  }

  // 5. a model implies its manufacturer: drop a manufacturer that contradicts the models named
  relaxManufacturer(top, names);

  const args: FilterNode[] = [];
  const seen = new Set<string>();
  const push = (n: FilterNode): void => {
    const key = JSON.stringify(n);
    if (seen.has(key)) return;
    seen.add(key);
    args.push(n);
  };
  for (const u of top) {
    if ('branches' in u) {
      const branches = u.branches
        .filter((b) => b.length > 0)
        .map((b) => {
          const nodes = b.flatMap(atomNodes);
          return nodes.length === 1 ? nodes[0] : and(...nodes);
        });
      if (branches.length === 1) {
        const only = branches[0];
        if (only.kind === 'operation' && only.operator === 'and') only.arguments.forEach(push);
        else push(only);
      } else if (branches.length > 1) push(or(...branches));
      continue;
    }
    atomNodes(u).forEach(push);
  }
  return and(...args);
}

function relaxManufacturer(top: (Atom | OrGroup)[], names: CompiledSearchNames): void {
  const makerIdx = top.findIndex((u) => !('branches' in u) && u.nameKind === 'manufacturer' && !u.neg && isListable(u));
  const model = top.find((u): u is Atom => !('branches' in u) && u.nameKind === 'model' && !u.neg && isListable(u));
  if (makerIdx < 0 || !model) return;
  const makers = listValues(top[makerIdx] as Atom).map((v) => String(v).toLowerCase());
  const conflict = listValues(model).some((m) => {
    const owners = names.modelMakers.get(compact(String(m)));
    return owners !== undefined && ![...owners].some((o) => makers.includes(o.toLowerCase()));
  });
  if (conflict) top.splice(makerIdx, 1);
}

// ==================================================================== entry point

/**
 * Translates a natural-language query into a filter (root: `and`) and an optional sort.
 * Pass a CompiledSearchNames (compileSearchNames) to keep per-query work small; a plain
 * SearchNames is compiled once and cached by object identity.
 */
export function translateQuery(query: string, names: SearchNames | CompiledSearchNames): Translation {
  const compiled = names instanceof CompiledSearchNames ? names : compileSearchNames(names);
  const tokens = tokenize(query.slice(0, 2000), (a, b) => {
    if (a !== 'grand') return false;
    const key = compact(a) + compact(b);
    for (const k of compiled.hits.keys()) if (k.startsWith(key)) return true;
    return false;
  });
  return new QueryParser(tokens, compiled).run();
}
