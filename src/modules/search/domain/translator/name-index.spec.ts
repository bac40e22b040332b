import { CompiledSearchNames, compileSearchNames, type SearchNames } from './name-index';

const NAMES: SearchNames = {
  manufacturers: [{ name: 'Honda' }, { name: 'Mercedes-Benz' }, { name: 'Chevrolet' }],
  models: [
    { name: 'CR-V', manufacturer: 'Honda' },
    { name: 'Fit', manufacturer: 'Honda' },
    { name: 'Bolt EV', manufacturer: 'Chevrolet' },
    { name: 'Silverado 1500', manufacturer: 'Chevrolet' },
    { name: 'C-Class', manufacturer: 'Mercedes-Benz' },
  ],
  trims: ['EX-L', 'Sport Touring'],
};

describe(CompiledSearchNames.name, () => {
  const names = new CompiledSearchNames(NAMES);
  const kinds = (key: string) => (names.hits.get(key) ?? []).map((h) => `${h.kind}:${h.name}`);

  it('keys every name by its letters and digits ("CR-V", "cr v", "crv")', () => {
    expect(kinds('crv')).toEqual(['model:CR-V']);
    expect(kinds('exl')).toEqual(['trim:EX-L']);
    expect(kinds('mercedesbenz')).toEqual(['manufacturer:Mercedes-Benz']);
  });

  it('knows the first word of a multi-word manufacturer and built-in slang for names it has', () => {
    expect(kinds('mercedes')).toEqual(['manufacturer:Mercedes-Benz']);
    expect(kinds('chevy')).toEqual(['manufacturer:Chevrolet']);
    expect(kinds('toyota')).toEqual([]);
  });

  it('knows the first or last word of a multi-word model ("Bolt" of Bolt EV)', () => {
    expect(kinds('bolt')).toEqual(['model:Bolt EV']);
    expect(kinds('silverado')).toEqual(['model:Silverado 1500']);
  });

  it('records the manufacturers of each model and the words never to correct', () => {
    expect([...(names.modelMakers.get('fit') ?? [])]).toEqual(['Honda']);
    expect(names.knownWords.has('touring')).toBe(true);
    expect(names.knownWords.has('silverado')).toBe(true);
  });

  it('takes the longest name, in query tokens, as its span (capped at 5)', () => {
    expect(names.maxSpan).toBe(2);
    expect(new CompiledSearchNames({ manufacturers: [], models: [{ name: 'RAV4', manufacturer: 'Toyota' }] }).maxSpan).toBe(2);
  });

  it('indexes fuzzy targets by first letter, names and vocabulary words', () => {
    const h = (names.fuzzy.get('h') ?? []).map((t) => t.word);
    expect(h).toEqual(expect.arrayContaining(['honda', 'hatchback']));
    expect(names.fuzzy.get('s')?.find((t) => t.word === 'silverado')).toMatchObject({ isName: true, manufacturer: 'Chevrolet' });
  });
});

describe(compileSearchNames.name, () => {
  it('compiles the same names object once', () => {
    expect(compileSearchNames(NAMES)).toBe(compileSearchNames(NAMES));
    expect(compileSearchNames({ ...NAMES })).not.toBe(compileSearchNames(NAMES));
  });
});

describe('CompiledSearchNames.familyOf', () => {
  const names = new CompiledSearchNames({
    manufacturers: [{ name: 'GMC' }, { name: 'Ford' }, { name: 'Ram' }, { name: 'Dodge' }],
    models: [
      { name: 'Sierra 1500 Limited', manufacturer: 'GMC', stocked: true },
      { name: 'Sierra 2500HD', manufacturer: 'GMC', stocked: true },
      { name: 'F-350SD', manufacturer: 'Ford', stocked: true },
      { name: 'F-3500', manufacturer: 'Ford', stocked: true },
      { name: '1500', manufacturer: 'Ram', stocked: true },
      { name: 'Sierra', manufacturer: 'GMC' },
      { name: 'F-350 Super Duty', manufacturer: 'Ford' },
      { name: 'F-450 Super Duty', manufacturer: 'Ford' },
      { name: 'Ram 1500', manufacturer: 'Dodge' },
    ],
  });
  const model = (key: string) => {
    const hit = names.hits.get(key)?.find((h) => h.kind === 'model');
    if (!hit || hit.kind !== 'model') throw new Error(`no model ${key}`);
    return hit;
  };

  it("is the stocked names of the family of the word the query spelled (the dealership's own names)", () => {
    expect(names.familyOf(model('sierra'), 'sierra')).toEqual(['Sierra 1500 Limited', 'Sierra 2500HD']);
    expect(names.familyOf(model('f350superduty'), 'f350superduty')).toEqual(['F-350SD']);
    expect(names.familyOf(model('ram1500'), 'ram1500')).toEqual(['1500']);
  });

  it('knows the stocked names by their family words ("sierra 1500", "f350") and keeps sizes apart', () => {
    expect(names.familyOf(model('sierra1500'), 'sierra1500')).toEqual(['Sierra 1500 Limited']);
    expect(names.familyOf(model('f350'), 'f350')).toEqual(['F-350SD']);
  });

  it('is empty when the dealership stocks none of the family (the catalog name is used)', () => {
    expect(names.familyOf(model('f450superduty'), 'f450superduty')).toEqual([]);
  });
});
