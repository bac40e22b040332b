/**
 * The fixed vocabulary's phrases at a token: the longest main-lexicon entry (a plural of a
 * condition too), leading comparator, trailing comparator or unit that starts there.
 */
import {
  type ComparatorEntry,
  type LeadingComparator,
  LEADING_COMPARATORS,
  MAX_LEADING_SPAN,
  MAX_TRAILING_SPAN,
  MAX_UNIT_SPAN,
  type TrailingComparator,
  TRAILING_COMPARATORS,
  TRAILING_YEAR_COMPARATORS,
  type Unit,
  UNIT_LEXICON,
} from './comparator-lexicon';
import { type LexEntry, MAIN_LEXICON, MAX_MAIN_SPAN } from './lexicon';
import type { Token } from './tokenizer';

export type MainCandidate = { readonly src: 'main'; readonly span: number; readonly entry: LexEntry };
export type LeadCandidate = { readonly src: 'lead'; readonly span: number; readonly entry: ComparatorEntry<LeadingComparator> };

/** The words of toks[i, i + span) joined by spaces (a lexicon key); null past the end. */
export function phraseAt(toks: readonly Token[], i: number, span: number): string | null {
  if (i + span > toks.length) return null;
  let k = '';
  for (let j = i; j < i + span; j++) {
    const t = toks[j];
    k += (j > i ? ' ' : '') + t.text;
  }
  return k;
}

export function mainAt(toks: readonly Token[], i: number): MainCandidate | null {
  for (let span = Math.min(MAX_MAIN_SPAN, toks.length - i); span >= 1; span--) {
    const key = phraseAt(toks, i, span);
    if (key === null) continue;
    const entry = MAIN_LEXICON.get(key);
    if (entry) return { src: 'main', span, entry };
    const last = toks[i + span - 1];
    if (last.kind === 'word' && last.text.length > 3 && last.text.endsWith('s')) {
      for (const cut of [1, 2]) {
        const plural = MAIN_LEXICON.get(key.slice(0, -cut));
        if (plural && plural.k === 'cond') return { src: 'main', span, entry: plural };
      }
    }
  }
  return null;
}

export function leadAt(toks: readonly Token[], i: number): LeadCandidate | null {
  for (let span = Math.min(MAX_LEADING_SPAN, toks.length - i); span >= 1; span--) {
    const key = phraseAt(toks, i, span);
    const entry = key === null ? undefined : LEADING_COMPARATORS.get(key);
    if (entry) return { src: 'lead', span, entry };
  }
  return null;
}

export function unitAt(toks: readonly Token[], i: number): { unit: Unit; span: number } | null {
  for (let span = Math.min(MAX_UNIT_SPAN, toks.length - i); span >= 1; span--) {
    const key = phraseAt(toks, i, span);
    const unit = key === null ? undefined : UNIT_LEXICON.get(key);
    if (unit) return { unit, span };
  }
  return null;
}

export function trailingAt(toks: readonly Token[], i: number, yearish: boolean): { entry: ComparatorEntry<TrailingComparator>; span: number } | null {
  if (toks[i]?.kind === 'sym' && toks[i].text === '+') return { entry: { cmp: 'gte', year: yearish }, span: 1 };
  for (let span = Math.min(MAX_TRAILING_SPAN, toks.length - i); span >= 1; span--) {
    const key = phraseAt(toks, i, span);
    if (key === null) continue;
    const entry = (yearish ? TRAILING_YEAR_COMPARATORS.get(key) : undefined) ?? TRAILING_COMPARATORS.get(key);
    if (entry) return { entry, span };
  }
  return null;
}
