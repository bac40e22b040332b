/**
 * The parser of conditions: one left-to-right pass over the (typo-corrected) tokens that turns
 * phrases into atoms (names, vocabulary conditions, numbers, VINs and stock numbers), links
 * (and / or / comma / ...), negation, cue words and the sort. At each token the longest match
 * wins; at equal length vocabulary, comparator, name, filler.
 */
import { cond, type Item, makeAtom, STOCK_RE, VIN_RE } from './atoms';
import { backgroundStep, closeBackground } from './background';
import { RECENT_YEARS } from './capability-words';
import { UNANSWERED_WORDS } from './function-words';
import type { LexEntry } from './lexicon';
import { nameAt, type NameCandidate } from './name-matcher';
import type { CompiledSearchNames } from './name-index';
import { parseNumber } from './number-parser';
import { ParseState } from './parse-state';
import { type LeadCandidate, leadAt, type MainCandidate, mainAt } from './phrase-match';
import type { Token } from './tokenizer';

type Candidate = MainCandidate | LeadCandidate | NameCandidate;

const NEGATION_UNDOING = new Set(['mind', 'care', 'matter', 'matters', 'bother', 'bothered']);

/** The items (atoms and links) and the sort of the tokens. */
export function parseConditions(toks: Token[], names: CompiledSearchNames, currentYear?: number): Pick<ParseState, 'items' | 'sort' | 'unused'> {
  const s = new ParseState(toks, names, currentYear);
  let i = 0;
  while (i < toks.length) {
    s.droppedInStep = false;
    const end = step(s, i);
    if (s.droppedInStep) for (let j = i; j < end; j++) s.unused.set(j, 'phrase');
    i = end;
  }
  closeBackground(s);
  dropSoftBounds(s.items);
  return { items: s.items, sort: s.sort, unused: s.unused };
}

/** A bound said in words gives way to a number on the same attribute ("newer, 2019 or later"). */
function dropSoftBounds(items: Item[]): void {
  const firm = new Set(items.flatMap((it) => (it.t === 'atom' && !it.atom.soft ? [it.atom.attr] : [])));
  for (let k = items.length - 1; k >= 0; k--) {
    const it = items[k];
    if (it.t === 'atom' && it.atom.soft && firm.has(it.atom.attr)) items.splice(k, 1);
  }
}

function step(s: ParseState, i: number): number {
  const resume = backgroundStep(s, i);
  if (resume !== i) return resume;
  const t = s.toks[i];
  if (t.kind === 'sym') {
    switch (t.text) {
      case ',':
        s.link('comma');
        return i + 1;
      case ';':
        s.link('boundary');
        return i + 1;
      case '/':
        s.link('or');
        return i + 1;
      case '&':
        s.link('and');
        return i + 1;
      case '#': {
        const end = identifierAfter(s, i + 1, 'stock');
        return end > 0 ? end : i + 1;
      }
      default:
        break;
    }
  }
  const id = bareIdentifier(s, i);
  if (id > 0) return id;

  for (const c of candidates(s, i)) {
    if (c.src === 'lead') {
      const end = parseNumber(s, i, c);
      if (end > 0) return end;
      continue;
    }
    if (c.src === 'name') {
      s.emitName(c.hit, c.key);
      return i + c.span;
    }
    const end = applyMain(s, i, c.span, c.entry);
    if (end > 0) return end;
  }
  if (t.kind === 'num') {
    const end = parseNumber(s, i, null);
    if (end > 0) return end;
  }
  if (t.kind !== 'sym') {
    // "don't mind a manual", "doesn't matter": the verb takes the negation back
    if (NEGATION_UNDOING.has(t.text)) s.endNegation();
    s.link('gap');
    s.unused.set(i, 'word');
  }
  return i + 1;
}

/** Lexicon matches at i: longest first; at equal length vocabulary, comparator, name, filler. */
function candidates(s: ParseState, i: number): Candidate[] {
  const out: Candidate[] = [];
  const main = mainAt(s.toks, i);
  if (main) out.push(main);
  const lead = leadAt(s.toks, i);
  if (lead) out.push(lead);
  const name = nameAt(s, i);
  if (name) out.push(name);
  const prio = (c: Candidate): number => (c.src === 'main' ? (c.entry.k === 'weak' ? 3 : 0) : c.src === 'lead' ? 1 : 2);
  return out.sort((a, b) => b.span - a.span || prio(a) - prio(b));
}

function applyMain(s: ParseState, i: number, span: number, entry: LexEntry): number {
  const end = i + span;
  switch (entry.k) {
    case 'cond':
      s.emit(makeAtom(entry.attr, [...entry.conds], entry.negated ? { negated: entry.negated } : {}));
      return end;
    case 'sort':
      s.sort ??= entry.sort;
      return end;
    case 'neg':
      s.startNegation();
      return end;
    case 'cue':
      s.cue = { attr: entry.attr, end, atoms: s.atomCount };
      return end;
    case 'link': {
      if (entry.link === 'boundary' && s.toks[i].text === 'but' && afterAny(s, i)) {
        // "any make but Ford", "any color but red": but = except
        s.startNegation();
        return end;
      }
      const withLike = entry.link === 'and' && /^(with|w|having|featuring|equipped|includes|including|that)/.test(s.toks[i].text);
      s.link(withLike ? 'with' : entry.link);
      return end;
    }
    case 'stock': {
      const after = identifierAfter(s, end, 'stock');
      return after > 0 ? after : end;
    }
    case 'vin': {
      const after = identifierAfter(s, end, 'vin');
      return after > 0 ? after : end;
    }
    case 'age': {
      const newer = cond('year', 'gte', s.currentYear - RECENT_YEARS);
      const older = cond('year', 'lt', s.currentYear - RECENT_YEARS);
      const negated = s.negActive;
      s.emit(makeAtom('year', [entry.recent ? newer : older], { negated: [entry.recent ? older : newer], soft: true }));
      if (negated) s.endNegation(); // "not too old, 2019 or newer": the phrase is whole
      return end;
    }
    case 'weak':
      if (UNANSWERED_WORDS.has(phraseKeyAt(s, i, span))) for (let j = i; j < end; j++) s.unused.set(j, 'phrase');
      return end;
    case 'trimCue':
      return end;
  }
}

const phraseKeyAt = (s: ParseState, i: number, span: number): string => s.toks.slice(i, i + span).map((t) => t.text).join(' ');

function afterAny(s: ParseState, i: number): boolean {
  for (let j = i - 1; j >= Math.max(0, i - 3); j--) {
    const w = s.toks[j].text;
    if (w === 'any' || w === 'anything' || w === 'everything' || w === 'all' || w === 'every') return true;
  }
  return false;
}

function bareIdentifier(s: ParseState, i: number): number {
  const t = s.toks[i];
  if (t.kind !== 'word') return -1;
  if (VIN_RE.test(t.text) && /\d/.test(t.text) && /[a-z]/.test(t.text)) {
    s.emit(makeAtom('vin', [cond('vin', 'eq', t.text.toUpperCase())]));
    return i + 1;
  }
  if (STOCK_RE.test(t.text) && !s.names.hits.has(t.compact)) {
    s.emit(makeAtom('stock_number', [cond('stock_number', 'eq', t.text.toUpperCase())]));
    return i + 1;
  }
  return -1;
}

/** After "stock #", "vin": the identifier (or "vin ending in 12345" -> like). */
function identifierAfter(s: ParseState, j: number, what: 'stock' | 'vin'): number {
  const toks = s.toks;
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
        s.emit(makeAtom('vin', [cond('vin', 'like', ending ? `%${v}` : `${v}%`)]));
        return k + 1;
      }
      return -1;
    }
    if (t.kind === 'word' && VIN_RE.test(t.text)) {
      s.emit(makeAtom('vin', [cond('vin', 'eq', t.text.toUpperCase())]));
      return j + 1;
    }
    return -1;
  }
  const t = toks[j];
  if (t && t.kind !== 'sym' && /\d/.test(t.compact) && t.compact.length >= 3) {
    s.emit(makeAtom('stock_number', [cond('stock_number', 'eq', t.text.replace(/,/g, '').toUpperCase())]));
    return j + 1;
  }
  return -1;
}
