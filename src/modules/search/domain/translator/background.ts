/**
 * Background vehicles: the car a shopper has, drives, trades in or is replacing is no wish ("we
 * drive a 2015 Accord now, looking for an SUV"). A background clause starts at a possession or
 * past verb ("have", "drive", "own", "had", "trading in", "replacing", "coming out of", "used to
 * drive"), at a possessive before a vehicle ("my old Civic", "our current car", "my lease on") or,
 * right after one, at "it" ("..., it has 250,000 km"); it ends at the clause boundary (comma,
 * semicolon, "but", "so") or at a wish ("want", "looking", "need", "maybe", "time for"; after
 * "trade"/"replace" also at "for"/"with a"). The conditions parsed inside it are dropped when the
 * clause describes a vehicle: its first conditions are a make, model or body type, with only
 * descriptions (year, colour, transmission, ...) before them ("I have a budget of 30k" keeps its
 * price; "I have always wanted a Porsche" ends at "wanted" and keeps the Porsche).
 */
import type { LinkKind } from './atoms';
import { type BackgroundClause, describesBackground, type Swap } from './background-clause';
import { MAIN_LEXICON, phraseKey } from './lexicon';
import type { ParseState } from './parse-state';
import { isYearish, type Token } from './tokenizer';

interface Cue {
  readonly span: number;
  readonly sure: boolean;
  readonly swap: Swap;
}

const phrases = (list: readonly string[]): Map<string, number> => new Map(list.map((p) => [phraseKey(p), phraseKey(p).split(' ').length]));

/** Verbs that put a vehicle in the past or in the shopper's hands whoever says them. */
const PAST_VERBS = phrases([
  'had', 'owned', 'drove', 'used to have', 'used to drive', 'used to own', 'coming out of', 'getting out of', 'have had', 'have owned',
  'been driving', 'have been driving',
]);
/** Verbs of moving on from a vehicle: what follows "to" is the wish. */
const FROM_VERBS = phrases(['coming from', 'upgrading from', 'switching from', 'moving on from', 'moving from', 'going from', 'downsizing from']);
/** Verbs of giving a vehicle up: what follows "for" or "with a" is the wish. */
const SWAP_VERBS = phrases(['trading in', 'trade in', 'traded in', 'trading', 'trade', 'replacing', 'replace', 'getting rid of', 'get rid of', 'swapping', 'swap']);
/** Verbs of possession that need a speaker as subject ("I have", "my wife drives"; not "do you have", "cars that have"). */
const HAVE_VERBS = phrases(['have', 'has', 'own', 'owns', 'drive', 'drives', 'driving', 'got', 'lease', 'leasing', 'run', 'is driving', 'am driving']);

const SUBJECTS = new Set(['i', 'we', 'he', 'she', 'im', 'ive', 'weve', 'hes', 'shes', 'were']);
const POSSESSIVES = new Set(['my', 'our', 'his', 'her', 'their']);
/** Between a subject and its verb ("we currently drive", "I've been driving", "she still has"). */
const ADVERBS = new Set(['currently', 'presently', 'still', 'already', 'now', 'also', 'both', 'just', 'only', 'really', 'actually', 'do', 'does', 'did', 'been', 'am', 'is', 'are']);
/** An auxiliary before the subject makes the clause a question. */
const QUESTION_AUXILIARIES = new Set(['do', 'did', 'dont', 'didnt']);
/** Adverbs that mark the present vehicle without a subject ("currently driving a ..."). */
const NOW_ADVERBS = new Set(['currently', 'presently']);
/** Words of a background vehicle's description before the vehicle ("my old", "our current", "my wife's"). */
const DESCRIPTION_WORDS = new Set([
  'my', 'our', 'his', 'her', 'their', 'old', 'current', 'present', 'existing', 'previous', 'last', 'trusty', 'beloved', 'aging', 'ageing',
  'dying', 'own', 'family', 'daily', 'leased', 'financed', 'wifes', 'husbands', 'sons', 'daughters', 'kids', 'moms', 'dads', 'parents', 'partners', 'familys',
]);
/** Nouns that name the vehicle itself after a possessive ("my current car", "our ride"). */
const VEHICLE_NOUNS = new Set(['car', 'cars', 'vehicle', 'vehicles', 'ride', 'daily driver', 'driver', 'commuter', 'beater', 'wheels']);
/** "my lease on a 2021 Tucson": the contract on the vehicle. */
const CONTRACT_NOUNS = new Set(['lease', 'loan', 'payments', 'financing']);
/** Words that end a background clause: a boundary or a wish. */
const CLAUSE_END = new Set([
  'but', 'however', 'though', 'although', 'so', 'because', 'cause', 'want', 'wants', 'wanted', 'wanting', 'need', 'needs', 'needed',
  'looking', 'searching', 'shopping', 'hunting', 'thinking', 'considering', 'interested', 'prefer', 'hoping', 'hope', 'seeking', 'time',
  'upgrade', 'upgrading', 'switch', 'switching', 'maybe', 'perhaps', 'something', 'show', 'find', 'would', 'id', 'must', 'should',
  'instead', 'ideally', 'wish',
]);
/** The words of the cues, never typo-corrected ("dads" is not "days"). */
export const BACKGROUND_WORDS: ReadonlySet<string> = new Set(
  [PAST_VERBS, SWAP_VERBS, FROM_VERBS, HAVE_VERBS, SUBJECTS, POSSESSIVES, ADVERBS, DESCRIPTION_WORDS, VEHICLE_NOUNS, CONTRACT_NOUNS, CLAUSE_END].flatMap((set) =>
    [...set.keys()].flatMap((p) => p.split(' ')),
  ),
);

function phraseSpanAt(toks: readonly Token[], i: number, table: ReadonlyMap<string, number>): number {
  for (let span = 4; span >= 1; span--) {
    if (i + span > toks.length) continue;
    const key = toks.slice(i, i + span).map((t) => t.text).join(' ');
    if (table.get(key) === span) return span;
  }
  return 0;
}

/** A make, a model or a body type starts at j. */
export function vehicleAt(s: ParseState, j: number): boolean {
  const t = s.toks[j];
  if (!t || t.kind === 'sym') return false;
  const entry = MAIN_LEXICON.get(t.text) ?? (t.text.endsWith('s') ? MAIN_LEXICON.get(t.text.slice(0, -1)) : undefined);
  if (entry && entry.k === 'cond' && entry.attr === 'type') return true;
  let key = '';
  for (let k = j; k < Math.min(s.toks.length, j + 3); k++) {
    if (s.toks[k].kind === 'sym') break;
    key += s.toks[k].compact;
    for (const c of [key, key.endsWith('s') ? key.slice(0, -1) : null]) {
      if (c && s.names.hits.get(c)?.some((h) => h.kind !== 'trim')) return true;
    }
  }
  return false;
}

/** A speaker is the subject of the verb at v ("I have", "we currently drive", "my wife drives"), or "currently" marks it. */
function spokenBySpeaker(toks: readonly Token[], v: number): boolean {
  let j = v - 1;
  while (j >= 0 && ADVERBS.has(toks[j].text)) {
    if (NOW_ADVERBS.has(toks[j].text)) return true;
    j--;
  }
  if (j < 0) return false;
  const w = toks[j].text;
  // "do we have a blue Corolla?", "did we get any F-150s": a question about stock (staff ask it so), not the speaker's own car.
  if (SUBJECTS.has(w)) return !(j > 0 && QUESTION_AUXILIARIES.has(toks[j - 1].text));
  // "my wife drives", "our son has": a possessive and a noun
  return toks[j].kind === 'word' && j > 0 && POSSESSIVES.has(toks[j - 1].text) && !MAIN_LEXICON.has(w);
}

/** Where a background clause starts at i: the span of its cue (skipped) and whether it is sure to be one. */
function cueAt(s: ParseState, i: number): Cue | null {
  const toks = s.toks;
  const t = toks[i];
  if (t.kind !== 'word') return null;
  const next = toks[i + phraseSpanAt(toks, i, HAVE_VERBS)];
  let span = phraseSpanAt(toks, i, SWAP_VERBS);
  if (span > 0) return { span, sure: false, swap: 'trade' };
  span = phraseSpanAt(toks, i, FROM_VERBS);
  if (span > 0) return { span, sure: false, swap: 'from' };
  span = phraseSpanAt(toks, i, PAST_VERBS);
  if (span > 0) return { span, sure: false, swap: null };
  span = phraseSpanAt(toks, i, HAVE_VERBS);
  if (span > 0 && spokenBySpeaker(toks, i) && !(next && (next.text === 'to' || CLAUSE_END.has(next.text)))) return { span, sure: false, swap: null };
  if (POSSESSIVES.has(t.text)) {
    // "my old Civic", "our current car is", "my lease on a 2021 Tucson"; not "my next car", "for my wife"
    let j = i + 1;
    while (j < toks.length && DESCRIPTION_WORDS.has(toks[j].text)) j++;
    const head = toks[j];
    if (!head) return null;
    if (VEHICLE_NOUNS.has(head.text)) return { span: j + 1 - i, sure: true, swap: null };
    if (CONTRACT_NOUNS.has(head.text) && toks[j + 1]?.text === 'on') return { span: j + 2 - i, sure: true, swap: null };
    if (vehicleAt(s, j)) return { span: j - i, sure: true, swap: null };
    // "my old 2020 Mazda3": a model year before the vehicle is part of its description (read inside the clause)
    if (isYearish(head) && vehicleAt(s, j + 1)) return { span: j - i, sure: true, swap: null };
  }
  return null;
}

/** The background clause ends at token i. */
function endsAt(s: ParseState, bg: BackgroundClause, i: number): boolean {
  const t = s.toks[i];
  if (t.kind === 'sym') return t.text === ',' || t.text === ';';
  if (CLAUSE_END.has(t.text)) return true;
  if ((bg.swap === 'trade' && t.text === 'for') || (bg.swap === 'from' && t.text === 'to')) return true;
  const next = s.toks[i + 1];
  // "it has to be AWD", "we've got to have": a need, not a possession
  if (next?.text === 'to' && (t.text === 'has' || t.text === 'have' || t.text === 'got' || t.text === 'had')) return true;
  return bg.swap === 'trade' && t.text === 'with' && next !== undefined && (next.text === 'a' || next.text === 'an' || vehicleAt(s, i + 1));
}

/** The links the cue words would have made had they not been a cue (so that a clause that is kept reads as before). */
function cueLinks(s: ParseState, i: number, span: number): void {
  for (let j = i; j < i + span; j++) {
    const entry = MAIN_LEXICON.get(s.toks[j].text);
    if (!entry) s.link('gap');
    else if (entry.k === 'link') s.link(entry.link as LinkKind);
  }
}

/**
 * Background handling at token i, before anything else reads it: closes the clause that ends
 * there, opens one that starts there, or skips a description word inside one. Returns where
 * parsing resumes (i when the token is still to be read).
 */
export function backgroundStep(s: ParseState, i: number): number {
  const bg = s.background;
  const t = s.toks[i];
  if (bg) {
    if (endsAt(s, bg, i)) {
      closeBackground(s);
      return i;
    }
    // "I have a Civic in mind": a wish after all
    if (t.text === 'in' && s.toks[i + 1]?.text === 'mind') bg.wish = true;
    if (bg.vehicleSeen) return i;
    if (bg.broken) {
      // "my kids have outgrown our sedan": a clause that turned out not to describe a vehicle gives way to one that does
      const cue = cueAt(s, i);
      if (!cue) return i;
      closeBackground(s);
      return openBackground(s, i, cue);
    }
    // "I've owned three Civics", "my old": descriptions before the vehicle
    // (not the number of a name: "a 2023 4 Series")
    const smallCount = t.kind === 'num' && t.value < 20 && !t.k && !t.dollar && !t.decimal && !vehicleAt(s, i);
    return DESCRIPTION_WORDS.has(t.text) || smallCount ? i + 1 : i;
  }
  // "..., it has 250,000 km": "it" right after a background vehicle is that vehicle
  const afterBackground = s.backgroundEndAtoms === s.atomCount;
  const cue = afterBackground && (t.text === 'it' || t.text === 'its') ? { span: 1, sure: true, swap: null } : cueAt(s, i);
  return cue ? openBackground(s, i, cue) : i;
}

function openBackground(s: ParseState, i: number, cue: Cue): number {
  cueLinks(s, i, cue.span);
  s.background = { startItem: s.items.length, sure: cue.sure, swap: cue.swap, vehicleSeen: false, broken: false, wish: false };
  return i + cue.span;
}

/** Ends the open clause: drops its items when it described a background vehicle. */
export function closeBackground(s: ParseState): void {
  const bg = s.background;
  if (!bg) return;
  s.background = null;
  if (!describesBackground(bg)) {
    s.backgroundEndAtoms = -1;
    return;
  }
  s.items.splice(bg.startItem);
  s.link('boundary');
  s.cue = null;
  s.endNegation();
  s.backgroundEndAtoms = s.atomCount;
}
