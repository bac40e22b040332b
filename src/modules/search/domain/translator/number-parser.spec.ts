import { buildNumericConds, parseNumber } from './number-parser';
import { compileSearchNames } from './name-index';
import { ParseState } from './parse-state';
import { leadAt } from './phrase-match';
import { tokenize } from './tokenizer';

const names = compileSearchNames({ manufacturers: [], models: [] });

/** The conditions of the number at token i (after its leading comparator when there is one), and where parsing resumes. */
function parse(query: string, i = 0): { conds: string[]; end: number } {
  const s = new ParseState(tokenize(query, () => false), names);
  const lead = leadAt(s.toks, i);
  const end = parseNumber(s, i, lead);
  const conds = s.items.flatMap((it) => (it.t === 'atom' ? it.atom.conds.map((c) => `${c.attribute} ${c.comparator} ${JSON.stringify(c.value)}`) : []));
  return { conds, end };
}

describe(parseNumber.name, () => {
  it('reads a leading comparator and the number after it', () => {
    expect(parse('under 30k')).toEqual({ conds: ['price lt 30000'], end: 2 });
    expect(parse('at least 2019')).toEqual({ conds: ['year gte 2019'], end: 3 });
  });

  it('reads ranges, with the scale of the second number applied to the first', () => {
    expect(parse('20-30k').conds).toEqual(['price gte 20000', 'price lte 30000']);
    expect(parse('between 2015 and 2018').conds).toEqual(['year gte 2015', 'year lte 2018']);
  });

  it('reads a model year followed by the last digits of a later one as a range of years', () => {
    expect(parse('2016-19').conds).toEqual(['year gte 2016', 'year lte 2019']);
    expect(parse('2017 to 20').conds).toEqual(['year gte 2017', 'year lte 2020']);
    expect(parse('1997-03').conds).toEqual(['year gte 1997', 'year lte 2003']);
    expect(parse('between 2016 and 19').conds).toEqual(['year gte 2016', 'year lte 2019']);
  });

  it('picks the attribute from the unit', () => {
    expect(parse('50000 km or less').conds).toEqual(['kilometers lte 50000']);
    expect(parse('30000 miles').conds).toEqual(['kilometers lte 48280']);
    expect(parse('7 seats').conds).toEqual(['seats eq 7']);
    expect(parse('300 hp').conds).toEqual(['horse_power gte 300']);
  });

  it('reads a payment per month as finance, or lease when "lease" is near', () => {
    expect(parse('400 a month').conds).toEqual(['monthly_finance_payment lte 400']);
    expect(parse('lease under 400 a month', 1).conds).toEqual(['monthly_lease_payment lt 400']);
  });

  it('gives nothing for a bare small number or a unit it has no attribute for', () => {
    expect(parse('7')).toEqual({ conds: [], end: -1 });
    expect(parse('8 seconds')).toEqual({ conds: [], end: -1 });
  });
});

describe(buildNumericConds.name, () => {
  it('turns a comparator and value into conditions of the attribute', () => {
    expect(buildNumericConds('price', 'lt', 20000, null, false)).toEqual([{ attribute: 'price', comparator: 'lt', value: 20000 }]);
    expect(buildNumericConds('price', 'eq', 20000, null, false)).toEqual([{ attribute: 'price', comparator: 'lte', value: 20000 }]);
    expect(buildNumericConds('year', 'eq', 2020, null, false)).toEqual([{ attribute: 'year', comparator: 'eq', value: 2020 }]);
  });

  it('reads "around" as 0.9x to 1.1x, and a year as one year either side', () => {
    expect(buildNumericConds('price', 'around', 25000, null, false).map((c) => c.value)).toEqual([22500, 27500]);
    expect(buildNumericConds('year', 'around', 2018, null, false).map((c) => c.value)).toEqual([2017, 2019]);
  });

  it('orders a range and converts miles to whole km', () => {
    expect(buildNumericConds('kilometers', 'range', 60000, 30000, true)).toEqual([
      { attribute: 'kilometers', comparator: 'gte', value: 48280 },
      { attribute: 'kilometers', comparator: 'lte', value: 96561 },
    ]);
  });
});
