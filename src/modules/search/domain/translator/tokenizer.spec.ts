import { compact, isYearish, singularForms, tokenize, type Token } from './tokenizer';

const never = (): boolean => false;
const texts = (toks: Token[]): string[] => toks.map((t) => t.text);
const values = (query: string): number[] => tokenize(query, never).filter((t) => t.kind === 'num').map((t) => t.value);

describe(tokenize.name, () => {
  it('folds case and accents and splits words, numbers and symbols', () => {
    expect(texts(tokenize('Red Citroën, <= $25,000!', never))).toEqual(['red', 'citroen', ',', '≤', '25,000']);
  });

  it('reads k, grand, thousand, million, commas, decimals and "ish"', () => {
    expect(values('30k')).toEqual([30000]);
    expect(values('2.5 k')).toEqual([2500]);
    expect(values('40 grand')).toEqual([40000]);
    expect(values('1.2 million')).toEqual([1200000]);
    expect(values('25,000 and 30 000 and 30.000')).toEqual([25000, 30000, 30000]);
    const [ish] = tokenize('20kish', never);
    expect(ish).toMatchObject({ kind: 'num', value: 20000, k: true, ish: true });
  });

  it('folds number words into one number token, with its digits as alt', () => {
    const [t] = tokenize('twenty five thousand', never);
    expect(t).toMatchObject({ kind: 'num', value: 25000, words: true, k: true, alt: '25000' });
    expect(values('a hundred thousand')).toEqual([100000]);
    expect(values('model three')).toEqual([3]);
  });

  it('marks dollars on the number, before or after it', () => {
    expect(tokenize('$20000', never)[0]).toMatchObject({ value: 20000, dollar: true });
    expect(tokenize('20000$', never)[0]).toMatchObject({ value: 20000, dollar: true });
  });

  it('splits a number glued to its unit and marks ordinals', () => {
    expect(texts(tokenize('50000km 300hp 7seater 400/mo', never))).toEqual(['50000', 'km', '300', 'hp', '7', 'seater', '400', '/', 'mo']);
    expect(tokenize('3rd row', never)[0]).toMatchObject({ value: 3, ordinal: true });
  });

  it('keeps a hyphen or dash as a flag on the next token', () => {
    const toks = tokenize('2015–2018 all-wheel', never);
    expect(texts(toks)).toEqual(['2015', '2018', 'all', 'wheel']);
    expect(toks.map((t) => t.hyphen)).toEqual([false, true, false, true]);
  });

  it('spells out negations and w/ w/o', () => {
    expect(texts(tokenize("don't want w/o sunroof w/ leather", never))).toEqual(['do', 'not', 'want', 'without', 'sunroof', 'with', 'leather']);
  });

  it('spells out negations typed with or without the apostrophe', () => {
    expect(texts(tokenize("can't won't", never))).toEqual(['can', 'not', 'will', 'not']);
    expect(texts(tokenize('cant doesnt isnt wont cannot', never))).toEqual(['can', 'not', 'does', 'not', 'is', 'not', 'will', 'not', 'can', 'not']);
    expect(texts(tokenize('want a tan one', never))).toEqual(['want', 'a', 'tan', 'one']);
  });

  it('splits a comparator run into its number, and a name before it', () => {
    expect(texts(tokenize('below25k', never))).toEqual(['below', '25k']);
    expect(texts(tokenize('corolla5under18k', never))).toEqual(['corolla5', 'under', '18k']);
    expect(texts(tokenize('sedanover2k', never))).toEqual(['sedan', 'over', '2k']);
    expect(texts(tokenize('lessthan40000km', never))).toEqual(['less', 'than', '40000', 'km']);
    expect(texts(tokenize('atleast2018', never))).toEqual(['at', 'least', '2018']);
    expect(tokenize('upto9g', never)[1]).toMatchObject({ kind: 'num', value: 9000, k: true });
  });

  it('leaves names that merely contain a comparator whole', () => {
    expect(texts(tokenize('landrover2020 smax2 discover5', never))).toEqual(['landrover2020', 'smax2', 'discover5']);
    expect(texts(tokenize('1hgcm82633a004352', never))).toEqual(['1hgcm82633a004352']);
  });

  it('leaves "grand" alone when it starts a name ("30 grand cherokee")', () => {
    const isNameStart = (a: string, b: string): boolean => a === 'grand' && b === 'cherokee';
    expect(texts(tokenize('30 grand cherokee', isNameStart))).toEqual(['30', 'grand', 'cherokee']);
    expect(texts(tokenize('30 grand', isNameStart))).toEqual(['30k']);
  });
});

describe(isYearish.name, () => {
  it('is a plain whole number from 1950 to 2040', () => {
    const one = (q: string): Token => tokenize(q, never)[0];
    expect(isYearish(one('2019'))).toBe(true);
    expect(isYearish(one('1949'))).toBe(false);
    expect(isYearish(one('$2019'))).toBe(false);
    expect(isYearish(one('2.019k'))).toBe(false);
  });
});

describe('compact', () => {
  it('keeps letters and digits only, "&" as "and"', () => {
    expect(compact('CR-V')).toBe('crv');
    expect(compact('Rolls & Royce')).toBe('rollsandroyce');
  });
});

describe('singularForms', () => {
  it('gives the singulars a plural may have, none for a word without s', () => {
    expect(singularForms('rangers')).toEqual(['ranger']);
    expect(singularForms('foxes')).toEqual(['foxe', 'fox']);
    expect(singularForms('camries')).toEqual(['camrie', 'camri', 'camry']);
    expect(singularForms('civic')).toEqual([]);
  });
});
