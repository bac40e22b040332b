import { makeAtom, cond } from './atoms';
import { compileSearchNames } from './name-index';
import { isUnitWord, nameAt } from './name-matcher';
import { ParseState } from './parse-state';
import { tokenize } from './tokenizer';

const names = compileSearchNames({
  manufacturers: [{ name: 'Honda' }, { name: 'Ram' }, { name: 'Mazda' }, { name: 'Ford' }],
  models: [
    { name: 'Fit', manufacturer: 'Honda' },
    { name: '1500', manufacturer: 'Ram', stocked: true },
    { name: '300', manufacturer: 'Chrysler' },
    { name: '5 Series', manufacturer: 'BMW', stocked: true },
    { name: 'A5', manufacturer: 'Audi' },
    { name: 'X5', manufacturer: 'BMW', stocked: true },
    { name: 'CR-V', manufacturer: 'Honda', stocked: true },
    { name: 'Silverado 2500HD', manufacturer: 'Chevrolet' },
    { name: 'Sierra', manufacturer: 'GMC', stocked: true },
    { name: 'Sierra 2500HD', manufacturer: 'GMC' },
    { name: '5', manufacturer: 'Mazda' },
    { name: 'Mustang', manufacturer: 'Ford' },
    { name: 'Ranger', manufacturer: 'Ford' },
  ],
  trims: ['GT', 'Limited', 'XSE', 'TRD Off-Road', 'Long Range', 'Sport Touring'],
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

  it('takes a model named by a number alone only when the dealership stocks it, and never as an end of a range', () => {
    expect(hitAt(state('300'), 0)).toBeNull();
    expect(hitAt(state('1500-2000'), 0)).toBeNull();
    expect(hitAt(state('1000-1500'), 1)).toBeNull();
    expect(hitAt(state('1500/mo'), 0)).toBeNull();
  });

  it('gives way to a longer name that starts inside it ("a 5 series" is no A5)', () => {
    expect(hitAt(state('a 5 series'), 0)).toBeNull();
    expect(hitAt(state('a 5 series'), 1)).toBe('model:5 Series/2');
    expect(hitAt(state('a5'), 0)).toBe('model:A5/1');
  });

  it('reads plurals of names that end in a digit or a hyphenated part ("x5s", "CR-Vs")', () => {
    expect(hitAt(state('x5s'), 0)).toBe('model:X5/1');
    expect(hitAt(state('cr-vs'), 0)).toBe('model:CR-V/2');
    expect(hitAt(state('as'), 0)).toBeNull();
  });

  it('does not complete a name with a model of another manufacturer ("sierra 2500hd")', () => {
    expect(hitAt(state('sierra 2500hd'), 0)).toBe('model:Sierra 2500HD/2');
  });

  it('takes a trim right after a model, when it cannot be anything else, or when it is the whole query', () => {
    const s = state('mustang gt');
    s.emitName({ kind: 'model', name: 'Mustang', manufacturer: 'Ford', rank: 3 });
    expect(hitAt(s, 1)).toBe('trim:GT/1');
    expect(hitAt(state('gt cheap'), 0)).toBeNull();
    expect(hitAt(state('xse'), 0)).toBe('trim:XSE/1');
    expect(hitAt(state('limited budget'), 0)).toBeNull();
    expect(hitAt(state('limited'), 0)).toBe('trim:Limited/1');
    expect(hitAt(state('gt'), 0)).toBe('trim:GT/1');
  });

  it('takes a trim of several words on its own when its first word is its own ("TRD Off-Road"), or after a name and "with"', () => {
    expect(hitAt(state('trd off-road'), 0)).toBe('trim:TRD Off-Road/3');
    expect(hitAt(state('sport touring'), 0)).toBeNull();
    expect(hitAt(state('long range'), 0)).toBeNull();
    const s = state('mustang with long range');
    s.emitName({ kind: 'model', name: 'Mustang', manufacturer: 'Ford', rank: 3 });
    s.link('with');
    expect(hitAt(s, 2)).toBe('trim:Long Range/2');
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
