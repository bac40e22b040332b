import { slugify, unrepresentableCharacters } from './slug';

describe(slugify.name, () => {
  it.each([
    // decisions.md's own example, with both kinds of apostrophe
    ["Bob's Côte Motors", 'bobs-cote-motors'],
    ['Bob\u2019s Côte Motors', 'bobs-cote-motors'],
    ['Bob\u2018s Motors', 'bobs-motors'],
    ['Bob\u02BCs Motors', 'bobs-motors'],
    ['Bob´s Motors', 'bobs-motors'],
    ['Bob＇s Motors', 'bobs-motors'],
    ["O'Reilly's Auto Mall", 'oreillys-auto-mall'],
    ["Rock 'n' Roll Cars", 'rock-n-roll-cars'],
    ['\u201970s Classics', '70s-classics'],
    // case and spaces
    ['Acme Motors', 'acme-motors'],
    ['  Acme   Motors  ', 'acme-motors'],
    ['ACME MOTORS', 'acme-motors'],
    ['Tab\tSeparated\nName', 'tab-separated-name'],
    ['Acme\u00A0Motors', 'acme-motors'],
    // accents and letters without a decomposition
    ['Crédit Automobile Élite', 'credit-automobile-elite'],
    ['Garage Müller', 'garage-muller'],
    ['Straße Autohaus', 'strasse-autohaus'],
    ['Ñandú Motors', 'nandu-motors'],
    ['Øresund Bil', 'oresund-bil'],
    ['Łódź Auto', 'lodz-auto'],
    ['Ærø Biler', 'aero-biler'],
    ['Việt Nam Ô Tô', 'viet-nam-o-to'],
    ['İstanbul Otomotiv', 'istanbul-otomotiv'],
    // compatibility forms: fullwidth, ligatures, superscripts
    ['ＡＢＣ Motors', 'abc-motors'],
    ['ﬁne Cars', 'fine-cars'],
    ['Auto² Sales', 'auto2-sales'],
    // ampersands and punctuation
    ['Smith & Sons Auto', 'smith-and-sons-auto'],
    ['Smith&Sons', 'smith-and-sons'],
    ['AT&T Fleet', 'at-and-t-fleet'],
    ['Mercedes-Benz of Laval', 'mercedes-benz-of-laval'],
    ['Auto-Plus, Inc.', 'auto-plus-inc'],
    ['St. Jérôme Kia', 'st-jerome-kia'],
    ['A.B.C. Cars', 'a-b-c-cars'],
    ['Cars___and---Trucks', 'cars-and-trucks'],
    ['Acme™ Motors®', 'acme-motors'],
    ['(Acme) Motors!', 'acme-motors'],
    // digits
    ['401 Dixie Toyota', '401-dixie-toyota'],
    ['Highway 7 Honda', 'highway-7-honda'],
    ['Dealer #1', 'dealer-1'],
    ['4x4 Off-Road Centre', '4x4-off-road-centre'],
    ['2024', '2024'],
    ['', ''],
    ['!!!', ''],
  ])('%j -> %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('always yields a dealer id shape (or nothing)', () => {
    for (const name of ['  --Acme--  ', "''", '&', 'a & b', 'Ω']) {
      expect(slugify(name)).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
    }
  });
});

describe(unrepresentableCharacters.name, () => {
  it('is empty for names the slug keeps whole', () => {
    for (const name of ["Bob's Côte Motors", 'ＡＢＣ Motors', 'Straße 7 & Co.', 'Acme™']) {
      expect(unrepresentableCharacters(name)).toEqual([]);
    }
  });

  it('lists letters of other scripts, which would otherwise merge distinct names', () => {
    expect(slugify('東京 Motors')).toBe(slugify('大阪 Motors'));
    expect(unrepresentableCharacters('東京 Motors')).toEqual(['東', '京']);
    expect(unrepresentableCharacters('Ωmega Auto')).toEqual(['ω']);
  });
});
