/**
 * Names in the query: the manufacturer, model or trim that starts at a token, chosen by length,
 * rank and context (right after a manufacturer, its models; right after a model, its trims; a
 * word that is also ordinary English only after its manufacturer; a number only when it cannot be
 * a year, price or count).
 */
import { LEADING_COMPARATORS, UNIT_LEXICON } from './comparator-lexicon';
import { MAIN_LEXICON } from './lexicon';
import type { NameHit } from './name-index';
import { ENGLISH_WORDS, TRIM_STANDALONE_BLOCKLIST } from './name-lexicon';
import type { ParseState } from './parse-state';
import { trailingAt } from './phrase-match';
import { compact, foldCase, isYearish, singularForms, THOUSAND_WORDS } from './tokenizer';
import { WEAK_OR_ENGLISH } from './vocabulary-words';

/** `key`: the compact spelling the name was found by (a model word's family, model-family.ts). */
export type NameCandidate = { readonly src: 'name'; readonly span: number; readonly hit: NameHit; readonly key: string };

interface NameContext {
  /** The atom just before: a manufacturer, model or trim (null for anything else). */
  readonly kind: NameHit['kind'] | null;
  readonly name: string | null;
  readonly neg: boolean;
  /** "Outback 2020 Limited", "RAV4 Hybrid Limited": a model year or a fuel sits between the model and the trim. */
  readonly modelBeforeYear: boolean;
}

/** The longest name at i, unless better-ranked shorter names spell the same words ("RAM 1500" vs Ram + 1500). */
export function nameAt(s: ParseState, i: number): NameCandidate | null {
  const ctx = nameContext(s);
  // a name that a longer name starting inside it runs past is not meant ("a 5 series" is no A5)
  const found = nameCandidates(s, i, ctx).filter((c) => !overrun(s, i, c));
  if (found.length === 0) return null;
  let best = found[0];
  // a longer name the catalog knows as a model of its own stays whole ("grand cherokee l" is no Grand Cherokee in trim L)
  if (best.hit.kind === 'model' && best.span >= 2 && !(best.hit.stocked && s.names.catalogModelKeys.has(best.key))) {
    const longRank = best.hit.rank;
    for (const part of found.slice(1)) {
      if (part.hit.kind === 'trim' || part.hit.rank >= longRank) continue;
      if (remainderResolves(s, i + part.span, i + best.span, part.hit, best.hit)) {
        best = part;
        break;
      }
    }
  }
  return { src: 'name', span: best.span, hit: best.hit, key: best.key };
}

const NEUTRAL: NameContext = { kind: null, name: null, neg: false, modelBeforeYear: false };

/** Whether a better-ranked name, or any name when `c` starts with an ordinary word ("a"), starts inside `c` and ends after it. */
function overrun(s: ParseState, i: number, c: { span: number; hit: NameHit }): boolean {
  if (c.span < 2 || c.hit.kind !== 'model') return false;
  const ordinary = WEAK_OR_ENGLISH(s.toks[i].text);
  for (let j = i + 1; j < i + c.span; j++) {
    for (const other of nameCandidates(s, j, NEUTRAL)) {
      if (j + other.span > i + c.span && (ordinary || other.hit.rank < c.hit.rank)) return true;
    }
  }
  return false;
}

function remainderResolves(s: ParseState, start: number, end: number, after: NameHit, long: NameHit): boolean {
  const maxRank = long.rank;
  const ctx: NameContext = { kind: after.kind, name: after.name, neg: false, modelBeforeYear: false };
  // a model of another manufacturer does not complete the name ("sierra 2500hd" is not Sierra + Silverado 2500HD)
  const maker = after.kind === 'manufacturer' ? after.name : after.kind === 'model' ? after.manufacturer : null;
  const sameMaker = (h: NameHit): boolean => h.kind !== 'model' || maker === null || h.manufacturer === maker;
  if (nameCandidates(s, start, ctx).some((c) => c.span === end - start && c.hit.rank < maxRank && sameMaker(c.hit))) return true;
  // "Silverado 1500" with only "Silverado" in stock: the model, and the number means nothing (but
  // "silverado 2500" is the stocked Silverado 2500HD, not every Silverado)
  if (after.kind !== 'model' || (long.kind === 'model' && long.stocked)) return false;
  for (let j = start; j < end; j++) if (s.toks[j].kind !== 'num') return false;
  return true;
}

function nameContext(s: ParseState): NameContext {
  const prev = s.prevAtom();
  const before = s.items[s.items.length - 2];
  const value = prev?.conds[0]?.value;
  return {
    kind: prev?.nameKind ?? null,
    name: typeof value === 'string' ? value : null,
    neg: prev?.neg ?? false,
    modelBeforeYear: !!prev && (prev.attr === 'year' || prev.attr === 'fuel_type') && !prev.neg && !!before && before.t === 'atom' && !!before.atom.nameKind && !before.atom.neg,
  };
}

/** Accepted name hits at i, one per length, longest first. */
function nameCandidates(s: ParseState, i: number, ctx: NameContext): { span: number; hit: NameHit; key: string }[] {
  const toks = s.toks;
  const out: { span: number; hit: NameHit; key: string }[] = [];
  let spanLimit = Math.min(s.names.maxSpan, toks.length - i);
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
    // plurals: "Rangers", and a name ending in a digit or a hyphenated part ("Model 3s", "x5s", "CR-Vs")
    const shortPlural = last.text.length >= 2 && (/\ds$/.test(last.text) || last.hyphen || /\d$/.test(toks[i + span - 2]?.text ?? ''));
    // "vws": a short plural of a name that is one
    if (last.kind === 'word' && (last.text.length > 3 || shortPlural || s.names.hits.has(key.slice(0, -1))) && last.text.endsWith('s')) {
      keys.push(...singularForms(key)); // "camries", "super duties"
    }
    for (const k of keys) {
      const hits = s.names.hits.get(k);
      if (!hits) continue;
      const hit = acceptName(s, hits, i, span, k, ctx);
      if (hit) {
        out.push({ span, hit, key: k });
        break;
      }
    }
  }
  return out;
}

function acceptName(s: ParseState, hits: readonly NameHit[], i: number, span: number, key: string, ctx: NameContext): NameHit | null {
  const toks = s.toks;
  const first = toks[i];
  const last = toks[i + span - 1];
  // a name ending in a number is not followed by a unit ("Mazda 5 seats" is Mazda + 5 seats)
  if (last.kind === 'num' && isUnitWord(s, i + span)) return null;
  // "a four wheel drive", "an eight seater": an article and a number in words are English, not an A4 or A8
  if (span >= 2 && (first.text === 'a' || first.text === 'an') && toks[i + 1].kind === 'num' && toks[i + 1].words) return null;
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
      // ... and only one the dealership stocks, not a bound of a range ("300-450/mo", "250-300")
      ok &&= models[0].stocked === true && !inRange(s, i);
    }
    if (ok) return maker ?? models[0];
  }
  return trims.find((t) => acceptTrim(s, t.name, i, span, ctx)) ?? null;
}

/** A number that is an end of a range or carries a rate ("300-450", "250-300", "300/mo"). */
function inRange(s: ParseState, i: number): boolean {
  const prev = s.toks[i - 1];
  const next = s.toks[i + 1];
  if (s.toks[i].hyphen && prev?.kind === 'num') return true;
  return next !== undefined && ((next.kind === 'num' && next.hyphen) || (next.kind === 'sym' && next.text === '/' && s.toks[i + 2]?.kind === 'word'));
}

/** Trims are matched right after a model or manufacturer, next to the word "trim", or when they cannot be anything else. */
function acceptTrim(s: ParseState, trim: string, i: number, span: number, ctx: NameContext): boolean {
  if ((ctx.kind !== null && !ctx.neg) || ctx.modelBeforeYear) return true;
  const tokBefore = s.toks[i - 1];
  const tokAfter = s.toks[i + span];
  if ((tokBefore && MAIN_LEXICON.get(tokBefore.text)?.k === 'trimCue') || (tokAfter && MAIN_LEXICON.get(tokAfter.text)?.k === 'trimCue')) return true;
  const key = foldCase(trim);
  if (span >= 2) {
    // "Teslas with Long Range": a trim of several words right after a name and "with"
    const linked = s.items[s.items.length - 1];
    const named = s.items[s.items.length - 2];
    if (linked?.t === 'link' && linked.link === 'with' && named?.t === 'atom' && named.atom.nameKind && !named.atom.neg) return true;
    if (TRIM_STANDALONE_BLOCKLIST.has(key)) return false;
    // no word of the vocabulary; English words only after a word of the trim's own ("TRD Off-Road")
    for (let j = i; j < i + span; j++) {
      const w = s.toks[j].text;
      const entry = MAIN_LEXICON.get(w);
      if ((entry && entry.k !== 'weak') || LEADING_COMPARATORS.has(w) || (ENGLISH_WORDS.has(w) && j === i)) return false;
    }
    return true;
  }
  const c = compact(trim);
  if (c.length < 2 || /^\d+$/.test(c) || ENGLISH_WORDS.has(c) || MAIN_LEXICON.has(c)) return false;
  // the whole query is a word of a stocked trim ("limited", "xl", "sr", "longhorn"); among other words, "limited budget" is none
  if (s.toks.every((t, j) => j === i || t.kind === 'sym')) return true;
  if (TRIM_STANDALONE_BLOCKLIST.has(key)) return false;
  if (/\d/.test(c) && /[a-z]/.test(c)) return true;
  if (/^[A-Z0-9+/-]+$/.test(trim)) return c.length >= 3;
  // a whole trim, not a word of one ("range" of `Long Range`)
  return c.length >= 5 && s.names.trimsOf(c).some((t) => compact(t) === c);
}

/** A unit, "+", "or more", "to 7"...: the number before it is a quantity, not part of a name. */
export function isUnitWord(s: ParseState, i: number): boolean {
  const t = s.toks[i];
  if (!t) return false;
  if (t.kind === 'sym') return t.text === '+';
  if (UNIT_LEXICON.has(t.text) || THOUSAND_WORDS.has(t.text) || t.text === 'row' || t.text === 'rows') return true;
  if (trailingAt(s.toks, i, false)) return true;
  const next = s.toks[i + 1];
  return (t.text === 'to' || t.text === 'through' || t.text === 'thru') && next !== undefined && next.kind === 'num';
}
