/**
 * Typo correction, before parsing: a word the vocabulary, the names and English do not know (nor
 * its singular) becomes the closest known word within a bounded edit distance, preferring a word
 * that completes a phrase or a model of the manufacturer just named.
 */
import { BACKGROUND_WORDS } from './background';
import { boundedEditDistance } from './edit-distance';
import { LEADING_COMPARATORS, TRAILING_COMPARATORS, UNIT_LEXICON } from './comparator-lexicon';
import { MAIN_LEXICON } from './lexicon';
import { ENGLISH_WORDS } from './name-lexicon';
import type { CompiledSearchNames, FuzzyTarget } from './name-index';
import { compact, NUMBER_WORDS, singularForms, type Token } from './tokenizer';
import { PHRASE_WORDS, VOCAB_BIGRAMS } from './vocabulary-words';

function isKnown(names: CompiledSearchNames, w: string): boolean {
  if (MAIN_LEXICON.has(w) || LEADING_COMPARATORS.has(w) || TRAILING_COMPARATORS.has(w) || UNIT_LEXICON.has(w)) return true;
  if (ENGLISH_WORDS.has(w) || PHRASE_WORDS.has(w) || names.knownWords.has(w) || w in NUMBER_WORDS || BACKGROUND_WORDS.has(w)) return true;
  return false;
}

function knownOrPlural(names: CompiledSearchNames, w: string): boolean {
  if (isKnown(names, w)) return true;
  // a singular of three letters or more ("cars", not "es")
  return singularForms(w).some((singular) => singular.length >= 3 && isKnown(names, singular));
}

/** Replaces, in place, the text of each unknown word of `toks` by its correction, when there is one. */
export function correctTypos(toks: readonly Token[], names: CompiledSearchNames): void {
  let prevMaker: string | null = null;
  let prevText = '';
  for (const t of toks) {
    if (t.kind === 'word' && /^[a-z]+$/.test(t.text) && t.text.length >= 3 && !knownOrPlural(names, t.text)) {
      const fixed =
        bestCorrection(names, t.text, prevText, prevMaker) ??
        (t.text.endsWith('ies') ? bestCorrection(names, `${t.text.slice(0, -3)}y`, prevText, prevMaker) : null) ??
        (t.text.endsWith('s') ? bestCorrection(names, t.text.slice(0, -1), prevText, prevMaker) : null);
      if (fixed) {
        t.text = fixed;
        t.compact = compact(fixed);
      }
    }
    prevText = t.text;
    const hit = names.hits.get(t.compact)?.[0];
    prevMaker = hit && hit.kind === 'manufacturer' ? hit.name : null;
  }
}

function bestCorrection(names: CompiledSearchNames, w: string, prevText: string, prevMaker: string | null): string | null {
  const candidates = names.fuzzy.get(w[0]);
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
