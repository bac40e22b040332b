import { cond, makeAtom } from './atoms';

describe(makeAtom.name, () => {
  it('builds a not negated atom, numeric when it carries a bound', () => {
    expect(makeAtom('price', [cond('price', 'lt', 20000)])).toEqual({ attr: 'price', conds: [{ attribute: 'price', comparator: 'lt', value: 20000 }], neg: false, numeric: true });
    expect(makeAtom('year', [cond('year', 'eq', 2020)]).numeric).toBe(false);
  });

  it('keeps the name kind and the negated form it is given', () => {
    expect(makeAtom('model', [cond('model', 'eq', 'Civic')], { nameKind: 'model' }).nameKind).toBe('model');
    expect(makeAtom('accident', [cond('accident', 'eq', false)], { negated: [cond('accident', 'eq', true)] }).negated).toEqual([{ attribute: 'accident', comparator: 'eq', value: true }]);
  });
});
