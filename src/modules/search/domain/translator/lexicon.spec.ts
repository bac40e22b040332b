import {
  BODY_TYPE_WORDS, CERTIFIED_WORDS, CONDITION_WORDS, DRIVE_TRAIN_WORDS, FUEL_TYPE_WORDS, TRANSMISSION_WORDS, canonicalCondition,
} from '../../../../../libs/common/vehicle/canonical-values';
import { SEARCH_VOCABULARY } from '../../../../../libs/common/vehicle/car-attributes';
import { MAIN_LEXICON, MAX_MAIN_SPAN, phraseKey } from './lexicon';

describe('MAIN_LEXICON', () => {
  it('maps synonyms to one canonical condition', () => {
    for (const phrase of ['suv', 'crossover', 'sport utility vehicle']) {
      expect(MAIN_LEXICON.get(phrase)).toEqual({ k: 'cond', attr: 'type', conds: [{ attribute: 'type', comparator: 'eq', value: 'SUV' }] });
    }
    expect(MAIN_LEXICON.get('all wheel drive')).toMatchObject({ k: 'cond', conds: [{ attribute: 'drive_train', value: 'AWD' }] });
    expect(MAIN_LEXICON.get('crew cab')).toMatchObject({ k: 'cond', conds: [{ attribute: 'type', value: 'Truck' }] });
  });

  it("holds every phrase of the feeds' value tables as its value (one table for uploads and queries)", () => {
    const tables = [['type', BODY_TYPE_WORDS], ['fuel_type', FUEL_TYPE_WORDS], ['transmission', TRANSMISSION_WORDS], ['drive_train', DRIVE_TRAIN_WORDS]] as const;
    for (const [attribute, table] of tables) {
      for (const [value, phrases] of table) {
        for (const phrase of phrases) expect([phrase, MAIN_LEXICON.get(phraseKey(phrase))]).toEqual([phrase, { k: 'cond', attr: attribute, conds: [{ attribute, comparator: 'eq', value }] }]);
      }
    }
  });

  it("reads a feed's condition words as a query's (one table): every one, and the upload's own 'Pre-Owned', 'CPO'", () => {
    for (const [value, phrases] of CONDITION_WORDS) {
      for (const phrase of phrases) expect([phrase, MAIN_LEXICON.get(phraseKey(phrase))]).toEqual([phrase, { k: 'cond', attr: 'condition', conds: [{ attribute: 'condition', comparator: 'eq', value }] }]);
    }
    for (const phrase of CERTIFIED_WORDS) expect(MAIN_LEXICON.get(phraseKey(phrase))).toMatchObject({ attr: 'certified' });
    for (const feedWord of ['Pre-Owned', 'Certified Pre-Owned', 'Brand New']) {
      expect(MAIN_LEXICON.get(phraseKey(feedWord))?.k).toBe('cond');
      expect(canonicalCondition(feedWord)).not.toBeNull();
    }
  });

  it('knows certified pre-owned as certified and used, negated as not certified', () => {
    expect(MAIN_LEXICON.get('cpo')).toMatchObject({
      k: 'cond', attr: 'certified', conds: [{ attribute: 'certified', value: true }, { attribute: 'condition', value: 'used' }], negated: [{ attribute: 'certified', value: false }],
    });
  });

  it('has negation, cue, link and filler words', () => {
    expect(MAIN_LEXICON.get('except')).toEqual({ k: 'neg' });
    expect(MAIN_LEXICON.get('budget')).toEqual({ k: 'cue', attr: 'price' });
    expect(MAIN_LEXICON.get('or')).toEqual({ k: 'link', link: 'or' });
    expect(MAIN_LEXICON.get('with a')).toEqual({ k: 'link', link: 'and' });
    expect(MAIN_LEXICON.get('please')).toEqual({ k: 'weak' });
  });

  it('only names attributes and values of the search vocabulary', () => {
    for (const entry of MAIN_LEXICON.values()) {
      if (entry.k !== 'cond') continue;
      for (const c of [...entry.conds, ...(entry.negated ?? [])]) {
        const attribute = SEARCH_VOCABULARY.get(c.attribute);
        expect(attribute).toBeDefined();
        if (attribute?.values && typeof c.value === 'string') expect(attribute.values).toContain(c.value);
      }
    }
  });

  it('keys phrases as the tokenizer splits them, and knows its longest phrase', () => {
    expect(phraseKey(' All-Wheel  Drive ')).toBe('all wheel drive');
    const longest = Math.max(...[...MAIN_LEXICON.keys()].map((k) => k.split(' ').length));
    expect(MAX_MAIN_SPAN).toBe(longest);
  });
});
