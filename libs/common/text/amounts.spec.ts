import { type Amount, findAmounts, readNumberWords, readNumeral } from './amounts';

/** The one amount a text names (its fields that matter to the case). */
const only = (text: string): Amount => {
  const found = findAmounts(text);
  expect(found).toHaveLength(1);
  return found[0];
};

describe(findAmounts.name, () => {
  // How shoppers and customers write amounts: [text, what the amount is].
  const table: readonly (readonly [string, Partial<Amount>])[] = [
    // money, in every shape
    ['under 30k', { value: 30000, scaled: true, currency: false }],
    ['$30,000', { value: 30000, currency: true, grouped: true }],
    ['$30000', { value: 30000, currency: true }],
    ['$ 30k', { value: 30000, currency: true, scaled: true }],
    ['25000$', { value: 25000, currency: true }],
    ['30 grand', { value: 30000, scaled: true }],
    ['about 30 thousand dollars', { value: 30000, scaled: true, currency: true }],
    ['2.5k', { value: 2500, scaled: true, decimal: false }],
    ['$29.99', { value: 29.99, decimal: true, currency: true }],
    ['1.2 million', { value: 1.2e6, scaled: true }],
    ['thirty thousand', { value: 30000, words: true, scaled: true }],
    ['twenty five thousand bucks', { value: 25000, words: true, scaled: true, currency: true }],
    ['a hundred thousand', { value: 100000, words: true }],
    ['five grand', { value: 5000, words: true, scaled: true }],
    ['30 000 dollars', { value: 30000, grouped: true, currency: true }],
    ['28,000', { value: 28000, grouped: true }],
    ['around 20kish', { value: 20000, approximate: true }],
    ['25000 CAD', { value: 25000, currency: true }],
    ["I'm thinking more like 22k", { value: 22000, scaled: true }],
    ['would you take 2000 for it?', { value: 2000, possibleYear: true }],
    // units
    ['50000km', { value: 50000, unit: 'km' }],
    ['under 50,000 kms', { value: 50000, unit: 'km' }],
    ['30k km', { value: 30000, unit: 'km', scaled: true }],
    ['30kkm', { value: 30000, unit: 'km', scaled: true }],
    ['40k miles', { value: 40000, unit: 'miles' }],
    ['40,000 mi on it', { value: 40000, unit: 'miles' }],
    ['30 mpg', { value: 30, unit: 'mpg' }],
    ['300hp', { value: 300, unit: 'hp' }],
    ['300 horsepower', { value: 300, unit: 'hp' }],
    ['5.9%', { value: 5.9, unit: '%' }],
    ['6 percent apr', { value: 6, unit: '%' }],
    // periods
    ['$400 a month', { value: 400, currency: true, period: 'month' }],
    ['450/mo', { value: 450, period: 'month' }],
    ['450 / month', { value: 450, period: 'month' }],
    ['$350 per month', { value: 350, period: 'month' }],
    ['400 monthly', { value: 400, period: 'month' }],
    ['$200 bi-weekly', { value: 200, period: 'biweekly' }],
    ['$200 every two weeks', { value: 200, period: 'biweekly' }],
    ['$90 a week', { value: 90, period: 'week' }],
    ['20,000 km a year', { value: 20000, unit: 'km', period: 'year' }],
    ['5k per year', { value: 5000, period: 'year' }],
    // down payments and deposits
    ['5k down', { value: 5000, down: true }],
    ['with $5,000 down', { value: 5000, down: true }],
    ['put down $2000', { value: 2000, down: true }],
    ['I can put 3000 down', { value: 3000, down: true }],
    ['a deposit of 3k', { value: 3000, down: true }],
    ['down payment of $4,000', { value: 4000, down: true }],
    ['$500 deposit', { value: 500, down: true }],
    ['$500 to hold it', { value: 500, down: true }],
    ['2000 as a down payment', { value: 2000, down: true }],
    ['$1000 up front', { value: 1000, down: true }],
    ['can you come down 2k?', { value: 2000, down: false }],
    ['knock 2k off', { value: 2000, down: false }],
    // year-like numbers: flagged, left to the caller
    ['a 2019 civic', { value: 2019, possibleYear: true }],
    ['$2019', { value: 2019, possibleYear: false }],
    ['2k', { value: 2000, possibleYear: false }],
    ['2,019', { value: 2019, possibleYear: false }],
    ['2019 km', { value: 2019, possibleYear: false, unit: 'km' }],
    ['1985 corvette', { value: 1985, possibleYear: false }],
  ];
  it.each(table)('%s', (text, expected) => {
    expect(only(text)).toMatchObject(expected);
  });

  it('gives each amount its span in the text, unit and period words included, down-payment words not', () => {
    const text = 'Payments on $30,000 with 5k down over 60 months, about $450/mo?';
    const found = findAmounts(text);
    expect(found.map((a) => text.slice(a.start, a.end))).toEqual(['$30,000', '5k', '60', '$450/mo']);
    expect(found.map((a) => a.value)).toEqual([30000, 5000, 60, 450]);
    expect(found[1].down).toBe(true);
  });

  it('reads several amounts and ranges as their ends', () => {
    expect(findAmounts('between 20 and 30 grand').map((a) => a.value)).toEqual([20, 30000]);
    expect(findAmounts('300-450/mo').map((a) => [a.value, a.period])).toEqual([[300, null], [450, 'month']]);
  });

  it('finds no amount in words that only look like numbers', () => {
    for (const text of ['a 4x4 truck', 'open at 3pm', 'the 2nd one', 'a 2dr coupe', 'the one with leather', 'a grand cherokee', 'F-150', 'RAV4', 'cx-5']) {
      expect(findAmounts(text)).toEqual([]);
    }
  });
});

describe(readNumeral.name, () => {
  it('reads a written number and leaves what follows it to the caller', () => {
    expect(readNumeral('30,000')).toMatchObject({ value: 30000, grouped: true, scaled: false, rest: '' });
    expect(readNumeral('30kish')).toMatchObject({ value: 30000, scaled: true, approximate: true, rest: '' });
    expect(readNumeral('30kmi')).toMatchObject({ value: 30000, scaled: true, rest: 'mi' });
    expect(readNumeral('30km')).toMatchObject({ value: 30, scaled: false, rest: 'km' });
    expect(readNumeral('3rd')).toMatchObject({ value: 3, rest: 'rd' });
    expect(readNumeral('f150')).toBeNull();
    expect(readNumeral('4x4')).toBeNull();
  });
});

describe(readNumberWords.name, () => {
  const read = (text: string) => readNumberWords(text.split(' '), 0);
  it('reads number words up to the first word that is none', () => {
    expect(read('twenty five thousand cars')).toEqual({ value: 25000, end: 3, text: 'twenty five thousand', scaled: true });
    expect(read('two hundred and fifty')).toMatchObject({ value: 250, end: 4 });
    expect(read('twenty five hundred')).toMatchObject({ value: 2500 });
    expect(read('a thousand and')).toMatchObject({ value: 1000, end: 2 });
    expect(read('thousand')).toBeNull();
    expect(read('a car')).toBeNull();
  });

  it('stops where the caller says a scale word is a name ("grand cherokee")', () => {
    expect(readNumberWords(['two', 'grand', 'cherokee'], 0, (j) => j === 1)).toMatchObject({ value: 2, end: 1, scaled: false });
  });
});
