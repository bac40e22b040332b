import {
  LEADING_COMPARATORS, MAX_LEADING_SPAN, MAX_TRAILING_SPAN, MAX_UNIT_SPAN, TRAILING_COMPARATORS, TRAILING_YEAR_COMPARATORS, UNIT_LEXICON,
} from './comparator-lexicon';

const longest = (keys: Iterable<string>): number => Math.max(...[...keys].map((k) => k.split(' ').length));

describe('LEADING_COMPARATORS', () => {
  it('maps words before a number to a comparator, model-year ones marked', () => {
    expect(LEADING_COMPARATORS.get('under')).toEqual({ cmp: 'lt' });
    expect(LEADING_COMPARATORS.get('no more than')).toEqual({ cmp: 'lte' });
    expect(LEADING_COMPARATORS.get('between')).toEqual({ cmp: 'between' });
    expect(LEADING_COMPARATORS.get('newer than')).toEqual({ cmp: 'gt', year: true });
    expect(MAX_LEADING_SPAN).toBe(longest(LEADING_COMPARATORS.keys()));
  });
});

describe('TRAILING_COMPARATORS', () => {
  it('maps words after a number to a comparator; model-year phrases are apart', () => {
    expect(TRAILING_COMPARATORS.get('or less')).toEqual({ cmp: 'lte' });
    expect(TRAILING_COMPARATORS.get('and up')).toEqual({ cmp: 'gte' });
    expect(TRAILING_COMPARATORS.get('or newer')).toBeUndefined();
    expect(TRAILING_YEAR_COMPARATORS.get('or newer')).toEqual({ cmp: 'gte', year: true });
    expect(MAX_TRAILING_SPAN).toBe(Math.max(longest(TRAILING_COMPARATORS.keys()), longest(TRAILING_YEAR_COMPARATORS.keys())));
  });
});

describe('UNIT_LEXICON', () => {
  it('maps units after a number, "other" for those without an attribute', () => {
    expect(UNIT_LEXICON.get('kms')).toBe('km');
    expect(UNIT_LEXICON.get('mi')).toBe('miles');
    expect(UNIT_LEXICON.get('per month')).toBe('month');
    expect(UNIT_LEXICON.get('/ mo')).toBe('month');
    expect(UNIT_LEXICON.get('mpg')).toBe('mpg');
    expect(UNIT_LEXICON.get('lbs')).toBe('other');
    expect(MAX_UNIT_SPAN).toBe(longest(UNIT_LEXICON.keys()));
  });
});
