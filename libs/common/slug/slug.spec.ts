import { slugify } from './slug';

describe(slugify.name, () => {
  it.each([
    ["Bob's Côte Motors", 'bobs-cote-motors'],
    ['Bob\u2019s Côte Motors', 'bobs-cote-motors'],
    ['Acme Motors', 'acme-motors'],
    ['  Acme   Motors  ', 'acme-motors'],
    ['ACME MOTORS', 'acme-motors'],
    ['Mercedes-Benz of Laval', 'mercedes-benz-of-laval'],
    ['Smith & Sons Auto', 'smith-and-sons-auto'],
    ['Crédit Automobile Élite', 'credit-automobile-elite'],
    ['Garage Müller', 'garage-muller'],
    ['Straße Autohaus', 'strasse-autohaus'],
    ['401 Dixie Toyota', '401-dixie-toyota'],
    ['Highway 7 Honda', 'highway-7-honda'],
    ["O'Reilly's Auto Mall", 'oreillys-auto-mall'],
    ['Auto-Plus, Inc.', 'auto-plus-inc'],
    ['St. Jérôme Kia', 'st-jerome-kia'],
    ['Ñandú Motors', 'nandu-motors'],
    ['Dealer #1', 'dealer-1'],
    ['A.B.C. Cars', 'a-b-c-cars'],
    ['Cars___and---Trucks', 'cars-and-trucks'],
    ['Øresund Bil', 'oresund-bil'],
    ['Tab\tSeparated\nName', 'tab-separated-name'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });
});
