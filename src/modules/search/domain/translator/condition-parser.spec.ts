import type { Item } from './atoms';
import { parseConditions } from './condition-parser';
import { compileSearchNames } from './name-index';
import { tokenize } from './tokenizer';

const names = compileSearchNames({
  manufacturers: [{ name: 'Honda' }, { name: 'Toyota' }],
  models: [{ name: 'Civic', manufacturer: 'Honda' }, { name: 'Camry', manufacturer: 'Toyota' }],
});

/** Items as text: atoms "attr cmp value" (prefixed "!" when negated), links "<kind>". */
function parse(query: string): { items: string[]; sort: string | null } {
  const { items, sort } = parseConditions(tokenize(query, () => false), names);
  const show = (it: Item): string =>
    it.t === 'link' ? `<${it.link}>` : `${it.atom.neg ? '!' : ''}${it.atom.conds.map((c) => `${c.attribute} ${c.comparator} ${JSON.stringify(c.value)}`).join(' & ')}`;
  return { items: items.map(show), sort };
}

describe(parseConditions.name, () => {
  it('turns names, vocabulary and numbers into atoms, in query order', () => {
    expect(parse('red honda civic under 20k').items).toEqual([
      'color eq "Red"', 'manufacturer eq "Honda"', 'model eq "Civic"', 'price lt 20000',
    ]);
  });

  it('records links between atoms and a gap for a word it does not know', () => {
    expect(parse('honda or toyota, suv').items).toEqual(['manufacturer eq "Honda"', '<or>', 'manufacturer eq "Toyota"', '<comma>', 'type eq "SUV"']);
    expect(parse('honda blorp suv').items).toEqual(['manufacturer eq "Honda"', '<gap>', 'type eq "SUV"']);
  });

  it('negates the atoms after a negation word, until another attribute or a boundary', () => {
    expect(parse('not red or blue suv').items).toEqual(['!color eq "Red"', '<or>', '!color eq "Blue"', 'type eq "SUV"']);
    expect(parse('any make but toyota').items).toEqual(['!manufacturer eq "Toyota"']);
  });

  it('turns a comparison under a negation that words of no meaning separate into its opposite', () => {
    expect(parse('we cannot stretch over 22k').items).toEqual(['<gap>', '!price gt 22000']);
    expect(parse('none with fewer than 5 seats').items).toEqual(['<with>', '!seats lt 5']);
    // "not too old" is a bound in words (capability-words.ts) that gives way to the number
    expect(parse('not too old, 2019 or newer').items).toEqual(['<comma>', 'year gte 2019']);
  });

  it('lets "mind" or "care" take a negation back', () => {
    expect(parse("i don't mind a toyota").items).toEqual(['<gap>', 'manufacturer eq "Toyota"']);
    expect(parse("i don't care over 30k").items).toEqual(['<gap>', 'price gt 30000']);
  });

  it('drops a background vehicle (background.ts)', () => {
    expect(parse('we drive a civic, want a camry').items).toEqual(['<boundary>', '<comma>', 'model eq "Camry"']);
  });

  it('keeps the first sort word and adds no atom for it', () => {
    expect(parse('cheapest suv, newest first')).toEqual({ items: ['type eq "SUV"', '<comma>'], sort: 'price_asc' });
  });

  it('reads VINs and stock numbers', () => {
    expect(parse('vin ending in 12345').items).toEqual(['vin like "%12345"']);
    expect(parse('stock # N20611').items).toEqual(['stock_number eq "N20611"']);
    expect(parse('1hgcm82633a004352').items).toEqual(['vin eq "1HGCM82633A004352"']);
  });
});
