import { MAIN_LEXICON } from './lexicon';
import { SORT_WORDS } from './sort-words';

describe('SORT_WORDS', () => {
  it('has phrases for every sort key', () => {
    expect(SORT_WORDS.map(([sort]) => sort)).toEqual(['price_asc', 'price_desc', 'year_desc', 'year_asc', 'kilometers_asc']);
  });

  it('are sort entries of the main lexicon, none taken by another meaning', () => {
    for (const [sort, phrases] of SORT_WORDS) for (const p of phrases) expect([p, MAIN_LEXICON.get(p)]).toEqual([p, { k: 'sort', sort }]);
  });

  it('never give a phrase two orders', () => {
    const all = SORT_WORDS.flatMap(([, phrases]) => phrases);
    expect(new Set(all).size).toBe(all.length);
  });
});
