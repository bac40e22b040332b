import { ALIAS_BLOCKLIST, ENGLISH_WORDS, MANUFACTURER_ALIASES, MODEL_ALIASES, TRIM_STANDALONE_BLOCKLIST } from './name-lexicon';

describe('MANUFACTURER_ALIASES', () => {
  it('maps slang to canonical manufacturers', () => {
    expect(MANUFACTURER_ALIASES.chevy).toBe('Chevrolet');
    expect(MANUFACTURER_ALIASES.vw).toBe('Volkswagen');
    expect(MANUFACTURER_ALIASES.bimmer).toBe('BMW');
  });
});

describe('MODEL_ALIASES', () => {
  it('maps slang to canonical model names, keyed in lower case', () => {
    for (const [alias, model] of Object.entries(MODEL_ALIASES)) {
      expect(alias).toBe(alias.toLowerCase());
      expect(model.length).toBeGreaterThan(0);
    }
  });
});

describe('word lists', () => {
  it('are lower case and hold ordinary words', () => {
    for (const set of [ALIAS_BLOCKLIST, TRIM_STANDALONE_BLOCKLIST, ENGLISH_WORDS]) for (const w of set) expect(w).toBe(w.toLowerCase());
    expect(ENGLISH_WORDS.has('family')).toBe(true);
    expect(TRIM_STANDALONE_BLOCKLIST.has('limited')).toBe(true);
  });
});
