import { cond, makeAtom } from './atoms';
import { compileSearchNames } from './name-index';
import { ParseState } from './parse-state';

const state = (): ParseState => new ParseState([], compileSearchNames({ manufacturers: [], models: [] }));
const atoms = (s: ParseState): string[] => s.items.map((it) => (it.t === 'link' ? `<${it.link}>` : `${it.atom.neg ? '!' : ''}${it.atom.attr}`));

describe(ParseState.name, () => {
  it('negates the atoms of one attribute after a negation, until another attribute', () => {
    const s = state();
    s.startNegation();
    s.emit(makeAtom('color', [cond('color', 'eq', 'Red')]));
    s.emit(makeAtom('color', [cond('color', 'eq', 'Blue')]));
    s.emit(makeAtom('type', [cond('type', 'eq', 'SUV')]));
    expect(atoms(s)).toEqual(['!color', '!color', 'type']);
    expect(s.negActive).toBe(false);
  });

  it('ends a negation that has negated something at a gap, a boundary or "with"', () => {
    for (const link of ['gap', 'boundary', 'with'] as const) {
      const s = state();
      s.startNegation();
      s.emit(makeAtom('color', [cond('color', 'eq', 'Red')]));
      s.link(link);
      s.emit(makeAtom('options', [cond('options', 'contain', 'sunroof')]));
      expect(atoms(s)).toEqual(['!color', `<${link}>`, 'options']);
    }
  });

  it('carries a negation that has negated nothing yet over "with" ("nothing with an accident")', () => {
    const s = state();
    s.startNegation();
    s.link('with');
    s.emit(makeAtom('accident', [cond('accident', 'eq', true)]));
    expect(atoms(s)).toEqual(['<with>', '!accident']);
  });

  it('carries it over words of no meaning to a comparison only ("can\'t afford more than 400")', () => {
    const s = state();
    s.startNegation();
    s.link('gap');
    s.emit(makeAtom('price', [cond('price', 'gt', 400)]), true);
    s.emit(makeAtom('price', [cond('price', 'lt', 900)]), true);
    expect(atoms(s)).toEqual(['<gap>', '!price', '!price']);
    const t = state();
    t.startNegation();
    t.link('gap');
    t.emit(makeAtom('transmission', [cond('transmission', 'eq', 'Manual')]));
    t.emit(makeAtom('price', [cond('price', 'gt', 400)]), true);
    expect(atoms(t)).toEqual(['<gap>', 'transmission', 'price']);
  });

  it('ends a negation that has negated nothing at a comma ("not too pricey, under 20k"), not one that has', () => {
    const s = state();
    s.startNegation();
    s.link('comma');
    s.emit(makeAtom('price', [cond('price', 'lt', 20000)]), true);
    expect(atoms(s)).toEqual(['<comma>', 'price']);
    const t = state();
    t.startNegation();
    t.emit(makeAtom('color', [cond('color', 'eq', 'Red')]));
    t.link('comma');
    t.emit(makeAtom('color', [cond('color', 'eq', 'Blue')]));
    expect(atoms(t)).toEqual(['!color', '<comma>', '!color']);
  });

  it('reads "not a Toyota Camry" as not that model', () => {
    const s = state();
    s.negActive = true;
    s.emitName({ kind: 'manufacturer', name: 'Toyota', rank: -1 });
    s.emitName({ kind: 'model', name: 'Camry', manufacturer: 'Toyota', rank: 0 });
    expect(atoms(s)).toEqual(['!model']);
    expect(s.atomCount).toBe(1);
  });

  it('gives the atom just before, or null after a link', () => {
    const s = state();
    expect(s.prevAtom()).toBeNull();
    s.emit(makeAtom('year', [cond('year', 'eq', 2020)]));
    expect(s.prevAtom()?.attr).toBe('year');
    s.link('comma');
    expect(s.prevAtom()).toBeNull();
  });

  it('emits a model word as the stocked models of its family, or the model itself when none is stocked', () => {
    const s = new ParseState([], compileSearchNames({
      manufacturers: [{ name: 'GMC' }],
      models: [
        { name: 'Sierra 1500 Limited', manufacturer: 'GMC', stocked: true },
        { name: 'Sierra 2500HD', manufacturer: 'GMC', stocked: true },
        { name: 'Sierra', manufacturer: 'GMC' },
        { name: 'Canyon', manufacturer: 'GMC' },
      ],
    }));
    s.emitName({ kind: 'model', name: 'Sierra', manufacturer: 'GMC', rank: 2 }, 'sierra');
    s.emitName({ kind: 'model', name: 'Canyon', manufacturer: 'GMC', rank: 3 }, 'canyon');
    expect(s.items.map((it) => (it.t === 'atom' ? it.atom.conds : []))).toEqual([
      [{ attribute: 'model', comparator: 'in', value: ['Sierra 1500 Limited', 'Sierra 2500HD'] }],
      [{ attribute: 'model', comparator: 'eq', value: 'Canyon' }],
    ]);
  });
});
