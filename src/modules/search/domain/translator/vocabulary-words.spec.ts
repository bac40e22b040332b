import { PHRASE_WORDS, VOCAB_BIGRAMS, VOCAB_TIER1, VOCAB_TIER2, WEAK_OR_ENGLISH } from './vocabulary-words';

describe('VOCAB_TIER1', () => {
  it('holds one-word phrases and number words; tier 2 only the words of longer phrases', () => {
    expect(VOCAB_TIER1.has('sunroof')).toBe(true);
    expect(VOCAB_TIER1.has('twenty')).toBe(true);
    expect(VOCAB_TIER2.has('backup')).toBe(true);
    for (const w of VOCAB_TIER2) expect(VOCAB_TIER1.has(w)).toBe(false);
  });

  it('leaves filler out of the correction targets but keeps every phrase word known', () => {
    expect(VOCAB_TIER1.has('please')).toBe(false);
    expect(PHRASE_WORDS.has('please')).toBe(true);
  });

  it('knows the word pairs of phrases', () => {
    expect(VOCAB_BIGRAMS.has('backup camera')).toBe(true);
  });
});

describe('WEAK_OR_ENGLISH', () => {
  it('is filler or an ordinary English word', () => {
    expect(WEAK_OR_ENGLISH('please')).toBe(true);
    expect(WEAK_OR_ENGLISH('family')).toBe(true);
    expect(WEAK_OR_ENGLISH('sunroof')).toBe(false);
  });
});
