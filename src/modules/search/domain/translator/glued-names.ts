/**
 * Names run together ("toyotacamry", "bmwx5", "hondacivic", "rav4hybrid"), split before typo
 * correction: a word that neither the names nor the vocabulary nor English know becomes the names
 * it is made of, left to right: a manufacturer then its model, a model then a trim or a
 * vocabulary word ("hybrid"). Nothing is split unless every part is known, so ordinary words and
 * typos stay whole.
 */
import { LEADING_COMPARATORS, TRAILING_COMPARATORS, UNIT_LEXICON } from './comparator-lexicon';
import { MAIN_LEXICON } from './lexicon';
import type { CompiledSearchNames, NameHit } from './name-index';
import { ENGLISH_WORDS } from './name-lexicon';
import { NUMBER_WORDS, singularForms, type Token } from './tokenizer';

/** Parts shorter than this are not names of their own. */
const MIN_PART = 2;

function known(names: CompiledSearchNames, w: string): boolean {
  return (
    names.hits.has(w) || names.knownWords.has(w) || MAIN_LEXICON.has(w) || ENGLISH_WORDS.has(w) || LEADING_COMPARATORS.has(w) ||
    TRAILING_COMPARATORS.has(w) || UNIT_LEXICON.has(w) || w in NUMBER_WORDS
  );
}

type Kind = NameHit['kind'] | 'word';

/** The kinds `part` can be: the names it spells, or a vocabulary word. */
function kindsOf(names: CompiledSearchNames, part: string): Set<Kind> {
  const kinds = new Set<Kind>((names.hits.get(part) ?? []).map((h) => h.kind));
  const entry = MAIN_LEXICON.get(part);
  if (entry && entry.k === 'cond' && part.length >= 3) kinds.add('word');
  return kinds;
}

/** The kinds of the last part, which may be plural ("chevysilverados", "toyotacamries"). */
function kindsOfLast(names: CompiledSearchNames, part: string): Set<Kind> {
  const kinds = kindsOf(names, part);
  if (kinds.size > 0 || part.length < 4) return kinds;
  for (const singular of singularForms(part)) {
    const found = kindsOf(names, singular);
    if (found.size > 0) return found;
  }
  return kinds;
}

/** What may follow a part of each kind: a manufacturer's model, a model's trim or a vocabulary word. */
const FOLLOWS: Readonly<Record<Kind, readonly Kind[]>> = {
  manufacturer: ['model'],
  model: ['trim', 'word'],
  trim: ['word'],
  word: [],
};

/** `text` as known parts, each allowed after the one before (the longest first part first); null when there is none. */
function splitText(names: CompiledSearchNames, text: string, after: Kind | null, depth: number): string[] | null {
  if (depth > 3) return null;
  for (let p = text.length - MIN_PART; p >= MIN_PART; p--) {
    const head = text.slice(0, p);
    const rest = text.slice(p);
    for (const kind of kindsOf(names, head)) {
      if (after !== null ? !FOLLOWS[after].includes(kind) : kind !== 'manufacturer' && kind !== 'model') continue;
      const restKinds = kindsOfLast(names, rest);
      if (FOLLOWS[kind].some((k) => restKinds.has(k))) return [head, rest];
      const more = splitText(names, rest, kind, depth + 1);
      if (more) return [head, ...more];
    }
  }
  return null;
}

/**
 * The tokens with each glued word replaced by the tokens of its parts (`retokenize` turns the
 * parts, joined by spaces, into tokens: "ram1500" -> "ram", the number 1500).
 */
export function splitGluedNames(toks: readonly Token[], names: CompiledSearchNames, retokenize: (text: string) => Token[]): Token[] {
  const out: Token[] = [];
  for (const t of toks) {
    const w = t.text;
    const plural = singularForms(w).some((singular) => known(names, singular));
    const candidate = t.kind === 'word' && /^[a-z0-9]+$/.test(w) && w.length >= 2 * MIN_PART + 1 && !known(names, w) && !plural;
    const parts = candidate ? splitText(names, w, null, 0) : null;
    if (!parts) {
      out.push(t);
      continue;
    }
    const split = retokenize(parts.join(' '));
    if (split.length > 0) split[0].hyphen = t.hyphen;
    out.push(...split);
  }
  return out;
}
