import { createSearchVocabulary } from '../../../../libs/common/vehicle/car-attributes';
import { and, comparison, not, or, toWireNode } from '../../../../libs/common/vehicle/filter-expression';
import { validateFilter } from './search-vocabulary';

const leaf = (comparator: string, attribute: string, value: unknown) => ({ comparator, attribute, value, operator: null, arguments: [] });
const op = (operator: string, args: unknown[]) => ({ comparator: null, attribute: null, value: null, operator, arguments: args });

describe(validateFilter.name, () => {
  it('accepts valid filters, as IR or as wire JSON', () => {
    const ir = and(
      comparison('in', 'color', ['Red', 'Blue']),
      comparison('lt', 'price', 30000),
      comparison('eq', 'accident', false),
      or(comparison('eq', 'manufacturer', 'Tesla')),
      not(comparison('contain', 'options', 'sunroof')),
      comparison('like', 'vin', '%927107'),
    );
    expect(validateFilter(ir)).toEqual([]);
    expect(validateFilter(JSON.parse(JSON.stringify(toWireNode(ir))))).toEqual([]);
    expect(validateFilter(and())).toEqual([]);
  });

  it.each([
    ['an unknown attribute', op('and', [leaf('eq', 'colour', 'Red')]), 'unknown attribute "colour"'],
    ['a string for a number', op('and', [leaf('lt', 'price', '30000')]), 'price must be a finite number, got string'],
    ['a number for a boolean', op('and', [leaf('eq', 'accident', 0)]), 'accident must be a boolean'],
    ['an empty string', op('and', [leaf('eq', 'color', '')]), 'must not be an empty string'],
    ['in with an empty list', op('and', [leaf('in', 'color', [])]), '"in" needs a non-empty array value'],
    ['nin with a scalar', op('and', [leaf('nin', 'color', 'Red')]), '"nin" needs a non-empty array value'],
    ['in with a wrong element', op('and', [leaf('in', 'year', [2019, '2020'])]), '$.arguments[0].value[1]: year must be a finite number'],
    ['gt on a string attribute', op('and', [leaf('gt', 'color', 'Red')]), '"gt" needs a numeric attribute; color is string'],
    ['contain on a number attribute', op('and', [leaf('contain', 'price', 3)]), '"contain" needs a string attribute; price is number'],
    ['like on a boolean attribute', op('and', [leaf('like', 'certified', 'x')]), '"like" needs a string attribute'],
    ['an empty or', op('or', []), '"or" needs at least one argument'],
    ['not with two arguments', op('not', [leaf('eq', 'color', 'Red'), leaf('eq', 'color', 'Blue')]), '"not" needs exactly one argument, got 2'],
    ['a leaf at the root', leaf('eq', 'color', 'Red'), 'the root must be an operation'],
    ['a missing field', { comparator: null, attribute: null, operator: 'and', arguments: [] }, 'missing field "value"'],
    ['an extra field', { ...op('and', []), kind: 'operation' }, 'unknown field "kind"'],
    ['a leaf with arguments', op('and', [{ ...leaf('eq', 'color', 'Red'), arguments: [leaf('eq', 'color', 'Red')] }]), 'a leaf must have arguments []'],
    ['an unknown comparator', op('and', [leaf('between', 'price', 1)]), 'unknown comparator "between"'],
    ['an unknown operator', op('xor', []), 'unknown operator "xor"'],
  ])('reports %s', (_name, filter, message) => {
    const problems = validateFilter(filter);
    expect(problems.join('\n')).toContain(message);
  });

  it('validates against the vocabulary it is given', () => {
    const small = createSearchVocabulary([{ name: 'price', type: 'number', description: 'price' }]);
    expect(validateFilter(and(comparison('lt', 'price', 1)), small)).toEqual([]);
    expect(validateFilter(and(comparison('eq', 'color', 'Red')), small)).toEqual(['$.arguments[0]: unknown attribute "color"']);
  });
});
