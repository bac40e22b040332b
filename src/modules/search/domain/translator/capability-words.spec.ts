import { toWireNode, type WireFilterNode } from '../../../../../libs/common/vehicle/filter-expression';
import { compileSearchNames, translateQuery } from './nl-translator';
import type { SearchNames } from './name-index';

const NAMES: SearchNames = {
  manufacturers: [{ name: 'Ford' }, { name: 'Toyota' }],
  models: [{ name: 'F-150', manufacturer: 'Ford', stocked: true }, { name: 'Camry', manufacturer: 'Toyota', stocked: true }],
  trims: ['XLT'],
};
const withData = compileSearchNames(NAMES);
const noEconomyData = compileSearchNames({ ...NAMES, withData: ['seats'] });
const context = { currentYear: 2026 };

const leaves = (node: WireFilterNode): string[] =>
  node.operator === null ? [`${node.attribute} ${node.comparator} ${JSON.stringify(node.value)}`] : node.arguments.flatMap((a) => (a.operator === 'not' ? a.arguments.flatMap(leaves).map((l) => `not ${l}`) : leaves(a)));
const read = (query: string, names = withData) => {
  const t = translateQuery(query, names, context);
  return { leaves: leaves(toWireNode(t.filter)), unused: t.unusedTerms };
};

describe('what a car does, said in words', () => {
  it.each([
    ['something good on gas', 'fuel_economy_highway gte 30'],
    ['a fuel efficient sedan', 'fuel_economy_highway gte 30'],
    ['great gas mileage please', 'fuel_economy_highway gte 30'],
    ['cheap on gas', 'fuel_economy_highway gte 30'],
    ['easy on fuel', 'fuel_economy_highway gte 30'],
    ['not a gas guzzler', 'fuel_economy_highway gte 30'],
  ])('%s reads fuel economy, never the fuel type', (query, leaf) => {
    const { leaves: got, unused } = read(query);
    expect(got).toContain(leaf);
    expect(got.some((l) => l.startsWith('fuel_type'))).toBe(false);
    expect(unused).toEqual([]);
  });

  it.each([['a truck that can tow'], ['f150 for towing'], ['something with a tow package'], ['trailer hitch']])('%s reads the options that say so', (query) => {
    expect(read(query).leaves).toContain('options contain "tow"');
  });

  it.each([
    ['newer camry', 'year gte 2021'],
    ['a recent f150', 'year gte 2021'],
    ['not too old', 'year gte 2021'],
    ['late model truck', 'year gte 2021'],
  ])('%s is a year bound against the clock', (query, leaf) => {
    expect(read(query).leaves).toContain(leaf);
  });

  it('keeps the comparators that name a year', () => {
    expect(read('newer than 2019').leaves).toEqual(['year gt 2019']);
    expect(read('2019 or newer').leaves).toEqual(['year gte 2019']);
  });

  it('does not apply what the stock cannot answer, and names the words it did not use', () => {
    const { leaves: got, unused } = read('toyota good on gas', noEconomyData);
    expect(got).toEqual(['manufacturer eq "Toyota"']);
    expect(unused).toEqual(['good', 'on', 'gas']);
  });
});

describe('unused_terms', () => {
  it('names the words no condition used, not the fillers', () => {
    expect(read('hi, looking for a red camry that is reliable for camping please').unused).toEqual(['reliable', 'camping']);
  });

  it('is empty when every word was used', () => {
    expect(read('red f150 under 30k').unused).toEqual([]);
  });
});

describe('fuel economy figures', () => {
  it.each([
    ['at least 30 mpg', 'fuel_economy_highway gte 30'],
    ['over 35 mpg', 'fuel_economy_highway gt 35'],
    ['30 mpg', 'fuel_economy_highway gte 30'],
    ['25 mpg in the city', 'fuel_economy_city gte 25'],
    ['city mpg over 25', 'fuel_economy_city gt 25'],
    ['40+ miles per gallon', 'fuel_economy_highway gte 40'],
  ])('%s', (query, leaf) => {
    expect(read(query).leaves).toEqual([leaf]);
  });
});
