import { renderFilter } from '../../../../../libs/common/vehicle/filter-expression';
import { type Atom, cond, type Item, type LinkKind, makeAtom } from './atoms';
import { buildFilter } from './filter-builder';
import { compileSearchNames } from './name-index';

const names = compileSearchNames({
  manufacturers: [{ name: 'Honda' }, { name: 'Toyota' }],
  models: [{ name: 'Civic', manufacturer: 'Honda' }, { name: 'Corolla', manufacturer: 'Toyota' }],
});

const atom = (attribute: string, value: string | number, comparator: 'eq' | 'lt' = 'eq', neg = false): Item => {
  const nameKind = attribute === 'manufacturer' || attribute === 'model' ? attribute : undefined;
  const a: Atom = makeAtom(attribute, [cond(attribute, comparator, value)], nameKind ? { nameKind } : {});
  a.neg = neg;
  return { t: 'atom', atom: a };
};
const link = (kind: LinkKind): Item => ({ t: 'link', link: kind });
const build = (...items: Item[]): string => renderFilter(buildFilter(items, names));

describe(buildFilter.name, () => {
  it('ands every atom under the root, and gives and() for none', () => {
    expect(build()).toBe('and()');
    expect(build(atom('color', 'Red'), atom('type', 'SUV'))).toBe('and(color eq "Red", type eq "SUV")');
  });

  it('joins same-attribute values into in, and negated ones into nin', () => {
    expect(build(atom('color', 'Red'), link('comma'), atom('color', 'White'), link('and'), atom('color', 'Blue'))).toBe('and(color in ["Red","White","Blue"])');
    expect(build(atom('color', 'Red', 'eq', true), link('or'), atom('color', 'White', 'eq', true))).toBe('and(color nin ["Red","White"])');
  });

  it('makes an or node of alternatives on different attributes; a bound at the end applies to all', () => {
    expect(build(atom('model', 'Civic'), link('or'), atom('type', 'SUV'), atom('price', 20000, 'lt'))).toBe(
      'and(or(model eq "Civic", type eq "SUV"), price lt 20000)',
    );
  });

  it('negates a single condition by flipping its comparator', () => {
    expect(build(atom('manufacturer', 'Toyota', 'eq', true))).toBe('and(manufacturer ne "Toyota")');
    expect(build(atom('price', 20000, 'lt', true))).toBe('and(price gte 20000)');
  });

  it('drops a manufacturer that contradicts the model named', () => {
    expect(build(atom('manufacturer', 'Honda'), atom('model', 'Corolla'))).toBe('and(model eq "Corolla")');
    expect(build(atom('manufacturer', 'Honda'), atom('model', 'Civic'))).toBe('and(manufacturer eq "Honda", model eq "Civic")');
  });
});
