import { leadAt, mainAt, phraseAt, trailingAt, unitAt } from './phrase-match';
import { tokenize } from './tokenizer';

const toks = (q: string) => tokenize(q, () => false);

describe(phraseAt.name, () => {
  it('joins the words of a span with spaces, null past the end', () => {
    expect(phraseAt(toks('all wheel drive'), 0, 3)).toBe('all wheel drive');
    expect(phraseAt(toks('all wheel'), 1, 2)).toBeNull();
  });
});

describe(mainAt.name, () => {
  it('finds the longest main-lexicon phrase at a token', () => {
    expect(mainAt(toks('all wheel drive suv'), 0)).toMatchObject({ src: 'main', span: 3, entry: { k: 'cond', attr: 'drive_train' } });
    expect(mainAt(toks('cheapest first'), 0)).toMatchObject({ span: 2, entry: { k: 'sort', sort: 'price_asc' } });
  });

  it('reads the plural of a condition', () => {
    expect(mainAt(toks('convertibles'), 0)).toMatchObject({ span: 1, entry: { k: 'cond', attr: 'type' } });
    expect(mainAt(toks('sunroofs'), 0)).toMatchObject({ span: 1, entry: { k: 'cond', attr: 'options' } });
  });

  it('finds nothing at an unknown word', () => {
    expect(mainAt(toks('zzz'), 0)).toBeNull();
  });
});

describe(leadAt.name, () => {
  it('finds the comparator before a number', () => {
    expect(leadAt(toks('less than 20k'), 0)).toMatchObject({ src: 'lead', span: 2, entry: { cmp: 'lt' } });
    expect(leadAt(toks('newer than 2018'), 0)).toMatchObject({ entry: { cmp: 'gt', year: true } });
    expect(leadAt(toks('20k'), 0)).toBeNull();
  });
});

describe(trailingAt.name, () => {
  it('finds the comparator after a number, model-year phrases first when the number is a year', () => {
    expect(trailingAt(toks('20k or less'), 1, false)).toMatchObject({ span: 2, entry: { cmp: 'lte' } });
    expect(trailingAt(toks('2018 or newer'), 1, true)).toMatchObject({ span: 2, entry: { cmp: 'gte', year: true } });
    expect(trailingAt(toks('2018 or newer'), 1, false)).toBeNull();
    expect(trailingAt(toks('2018+'), 1, true)).toMatchObject({ span: 1, entry: { cmp: 'gte', year: true } });
  });
});

describe(unitAt.name, () => {
  it('finds the unit after a number', () => {
    expect(unitAt(toks('300 a month'), 1)).toEqual({ unit: 'month', span: 2 });
    expect(unitAt(toks('50000 miles'), 1)).toEqual({ unit: 'miles', span: 1 });
    expect(unitAt(toks('8 seconds'), 1)).toEqual({ unit: 'other', span: 1 });
    expect(unitAt(toks('5 red'), 1)).toBeNull();
  });
});
