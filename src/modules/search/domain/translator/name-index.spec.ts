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
