import {
  and,
  comparison,
  fromWireNode,
  InvalidFilterExpressionError,
  not,
  or,
  parseWireNode,
  renderFilter,
  toWireNode,
  type FilterNode,
} from './filter-expression';

describe(toWireNode.name, () => {
  it('gives a leaf all five fields with operator null and arguments []', () => {
    expect(toWireNode(comparison('eq', 'manufacturer', 'Toyota'))).toEqual({
      comparator: 'eq',
      attribute: 'manufacturer',
      value: 'Toyota',
      operator: null,
      arguments: [],
    });
  });

  it('gives an operation null comparator, attribute and value', () => {
    const wire = toWireNode(and(comparison('lt', 'price', 30000), not(comparison('contain', 'options', 'sunroof'))));
    expect(wire).toEqual({
      comparator: null,
      attribute: null,
      value: null,
      operator: 'and',
      arguments: [
        { comparator: 'lt', attribute: 'price', value: 30000, operator: null, arguments: [] },
        {
          comparator: null,
          attribute: null,
          value: null,
          operator: 'not',
          arguments: [{ comparator: 'contain', attribute: 'options', value: 'sunroof', operator: null, arguments: [] }],
        },
      ],
    });
    expect(Object.keys(wire)).toEqual(['comparator', 'attribute', 'value', 'operator', 'arguments']);
  });

  it('copies list values and serialises an empty and', () => {
    const values = ['Red', 'Blue'];
    const wire = toWireNode(and(comparison('in', 'color', values)));
    values.push('Green');
    expect(wire.arguments[0].value).toEqual(['Red', 'Blue']);
    expect(JSON.stringify(toWireNode(and()))).toBe('{"comparator":null,"attribute":null,"value":null,"operator":"and","arguments":[]}');
  });
});

describe(fromWireNode.name, () => {
  const sample: FilterNode = and(
    comparison('in', 'manufacturer', ['Honda', 'Toyota']),
    or(comparison('gte', 'year', 2019), comparison('eq', 'certified', true)),
    not(comparison('like', 'vin', '%927107')),
  );

  it('round-trips the IR through JSON', () => {
    const json = JSON.parse(JSON.stringify(toWireNode(sample))) as unknown;
    expect(fromWireNode(json)).toEqual(sample);
    expect(renderFilter(fromWireNode(json))).toBe(
      'and(manufacturer in ["Honda","Toyota"], or(year gte 2019, certified eq true), not(vin like "%927107"))',
    );
  });

  it.each([
    ['not an object', 42, '$: node must be an object'],
    ['a leaf at the root', { comparator: 'eq', attribute: 'color', value: 'Red', operator: null, arguments: [] }, 'the root must be an operation'],
    ['a missing field', { comparator: null, attribute: null, value: null, operator: 'and' }, 'missing field "arguments"'],
    ['an unknown field', { comparator: null, attribute: null, value: null, operator: 'and', arguments: [], args: [] }, 'unknown field "args"'],
    ['both comparator and operator', { comparator: 'eq', attribute: null, value: null, operator: 'and', arguments: [] }, 'not both'],
    ['an unknown operator', { comparator: null, attribute: null, value: null, operator: 'xor', arguments: [] }, 'unknown operator'],
    ['an empty or', { comparator: null, attribute: null, value: null, operator: 'or', arguments: [] }, '"or" needs at least one argument'],
    [
      'a not of two',
      {
        comparator: null, attribute: null, value: null, operator: 'not',
        arguments: [
          { comparator: 'eq', attribute: 'color', value: 'Red', operator: null, arguments: [] },
          { comparator: 'eq', attribute: 'color', value: 'Blue', operator: null, arguments: [] },
        ],
      },
      '"not" needs exactly one argument',
    ],
    [
      'an unknown comparator',
      { comparator: null, attribute: null, value: null, operator: 'and', arguments: [{ comparator: 'between', attribute: 'price', value: 1, operator: null, arguments: [] }] },
      '$.arguments[0]: unknown comparator "between"',
    ],
    [
      'an object value',
      { comparator: null, attribute: null, value: null, operator: 'and', arguments: [{ comparator: 'eq', attribute: 'price', value: { gt: 1 }, operator: null, arguments: [] }] },
      '$.arguments[0].value',
    ],
  ])('rejects %s', (_name, input, message) => {
    const result = parseWireNode(input);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.join('\n')).toContain(message);
    expect(() => fromWireNode(input)).toThrow(InvalidFilterExpressionError);
  });

  it('lists every problem on the error', () => {
    try {
      fromWireNode({ comparator: null, attribute: 'x', value: 1, operator: 'or', arguments: [] });
      fail('expected an error');
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidFilterExpressionError);
      expect((e as InvalidFilterExpressionError).problems).toHaveLength(3);
    }
  });
});
