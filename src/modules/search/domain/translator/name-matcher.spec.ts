import { makeAtom, cond } from './atoms';
import { compileSearchNames } from './name-index';
import { isUnitWord, nameAt } from './name-matcher';
import { ParseState } from './parse-state';
import { tokenize } from './tokenizer';

const names = compileSearchNames({
  manufacturers: [{ name: 'Honda' }, { name: 'Ram' }, { name: 'Mazda' }, { name: 'Ford' }],
  models: [
    { name: 'Fit', manufacturer: 'Honda' },
    { name: '1500', manufacturer: 'Ram' },
    { name: '5', manufacturer: 'Mazda' },
    { name: 'Mustang', manufacturer: 'Ford' },
    { name: 'Ranger', manufacturer: 'Ford' },
  ],
  trims: ['GT', 'Limited', 'XSE'],
});

const state = (query: string): ParseState => new ParseState(tokenize(query, () => false), names);
const hitAt = (s: ParseState, i: number): string | null => {
  const c = nameAt(s, i);
  return c ? `${c.hit.kind}:${c.hit.name}/${c.span}` : null;
};

describe(nameAt.name, () => {
  it('finds manufacturers and models by their compact spelling', () => {
    expect(hitAt(state('honda'), 0)).toBe('manufacturer:Honda/1');
    expect(hitAt(state('rangers'), 0)).toBe('model:Ranger/1');
  });

  it('takes a model spelled like an English word only after its manufacturer', () => {
    expect(hitAt(state('fit'), 0)).toBeNull();
    const s = state('honda fit');
    s.emitName({ kind: 'manufacturer', name: 'Honda', rank: -1 });
    expect(hitAt(s, 1)).toBe('model:Fit/1');
  });

  it('takes a model named by a number alone only when it cannot be a year, price or count', () => {
    expect(hitAt(state('1500'), 0)).toBe('model:1500/1');
    expect(hitAt(state('$1500'), 0)).toBeNull();
    expect(hitAt(state('mazda 5 seats'), 1)).toBeNull();
  });

  it('takes a trim right after a model, or when it cannot be anything else', () => {
    const s = state('mustang gt');
    s.emitName({ kind: 'model', name: 'Mustang', manufacturer: 'Ford', rank: 3 });
    expect(hitAt(s, 1)).toBe('trim:GT/1');
    expect(hitAt(state('gt'), 0)).toBeNull();
    expect(hitAt(state('xse'), 0)).toBe('trim:XSE/1');
    expect(hitAt(state('limited'), 0)).toBeNull();
  });

  it('reads a trim after a model and a model year ("Mustang 2020 GT")', () => {
    const s = state('mustang 2020 gt');
    s.emitName({ kind: 'model', name: 'Mustang', manufacturer: 'Ford', rank: 3 });
    s.emit(makeAtom('year', [cond('year', 'eq', 2020)]));
    expect(hitAt(s, 2)).toBe('trim:GT/1');
  });
});

describe(isUnitWord.name, () => {
  it('is a unit, "+", a trailing comparator or "to N" after a number', () => {
    const s = state('5 seats 5 + 5 or more 5 to 7 5 red');
    expect([1, 3, 5, 8].map((i) => isUnitWord(s, i))).toEqual([true, true, true, true]);
    expect(isUnitWord(s, 12)).toBe(false);
  });
});
