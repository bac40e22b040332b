/**
 * Indexes of the fixed vocabulary's words, for typo correction and name matching: which words
 * stand alone (tier 1) or occur only inside a phrase (tier 2), every word of every phrase, and the
 * consecutive word pairs of phrases.
 */
import { LEADING_COMPARATORS, TRAILING_COMPARATORS, TRAILING_YEAR_COMPARATORS, UNIT_LEXICON } from './comparator-lexicon';
import { MAIN_LEXICON } from './lexicon';
import { ENGLISH_WORDS } from './name-lexicon';
import { NUMBER_WORDS } from './tokenizer';

export const WEAK_OR_ENGLISH = (w: string): boolean => ENGLISH_WORDS.has(w) || MAIN_LEXICON.get(w)?.k === 'weak';

/** Words of the fixed vocabulary, for typo correction; tier 1 stand alone, tier 2 only inside phrases. */
export const VOCAB_TIER1 = new Set<string>();
export const VOCAB_TIER2 = new Set<string>();
/** Every word of every phrase, filler included: never typo-corrected. */
export const PHRASE_WORDS = new Set<string>();
for (const source of [MAIN_LEXICON.keys(), LEADING_COMPARATORS.keys(), TRAILING_COMPARATORS.keys(), TRAILING_YEAR_COMPARATORS.keys(), UNIT_LEXICON.keys()]) {
  for (const phrase of source) for (const w of phrase.split(' ')) PHRASE_WORDS.add(w);
}
/** Consecutive word pairs of vocabulary phrases ("backup camera"): a typo completing one is preferred. */
export const VOCAB_BIGRAMS = new Set<string>();
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
