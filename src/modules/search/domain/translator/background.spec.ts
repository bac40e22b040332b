import type { Item } from './atoms';
import { BACKGROUND_WORDS } from './background';
import { parseConditions } from './condition-parser';
import { compileSearchNames } from './name-index';
import { tokenize } from './tokenizer';

const names = compileSearchNames({
  manufacturers: [{ name: 'Honda' }, { name: 'Toyota' }, { name: 'Ford' }, { name: 'Kia' }],
  models: [
    { name: 'Civic', manufacturer: 'Honda' },
    { name: 'Odyssey', manufacturer: 'Honda' },
    { name: 'Corolla', manufacturer: 'Toyota' },
    { name: 'Highlander', manufacturer: 'Toyota' },
    { name: 'F-150', manufacturer: 'Ford' },
    { name: 'Escape', manufacturer: 'Ford' },
    { name: 'Soul', manufacturer: 'Kia' },
  ],
});

/** The atoms the parser keeps, as "attr cmp value". */
function kept(query: string): string[] {
  const { items } = parseConditions(tokenize(query, () => false), names);
  const show = (it: Item): string[] => (it.t === 'link' ? [] : it.atom.conds.map((c) => `${it.atom.neg ? '!' : ''}${c.attribute} ${c.comparator} ${JSON.stringify(c.value)}`));
  return items.flatMap(show);
}

describe('background vehicles (background.ts)', () => {
  it('drops the vehicle a speaker has, drives or owns, up to the wish', () => {
    expect(kept('I own a 2011 Corolla and want a Highlander')).toEqual(['model eq "Highlander"']);
    expect(kept('my son drives a silver Soul; he needs a truck')).toEqual(['type eq "Truck"']);
    expect(kept('we currently have a white Odyssey but are shopping for a hybrid')).toEqual(['fuel_type eq "Hybrid"']);
    expect(kept('she still drives her old blue Escape, she wants a red one')).toEqual(['color eq "Red"']);
  });

  it('drops a vehicle after a past or trade-in verb, without a subject', () => {
    expect(kept('owned an F-150 for a decade, time for a Toyota')).toEqual(['manufacturer eq "Toyota"']);
    expect(kept('getting rid of the manual Civic, automatic please')).toEqual(['transmission eq "Automatic"']);
    expect(kept('upgrading from a 2009 Kia Soul to a hybrid Escape')).toEqual(['fuel_type eq "Hybrid"', 'model eq "Escape"']);
  });

  it('after trade or replace, "for" and "with a" bring the wish', () => {
    expect(kept('want to swap my Escape for a Highlander')).toEqual(['model eq "Highlander"']);
    expect(kept('replace the family Civic with a minivan')).toEqual(['type eq "Minivan"']);
    expect(kept('trading a Civic with 150000 km, looking for a used Corolla')).toEqual(['condition eq "used"', 'model eq "Corolla"']);
  });

  it('drops a possessive before a vehicle and "it" right after one', () => {
    expect(kept('our old Odyssey is done, a sedan under 25k would be great')).toEqual(['type eq "Sedan"', 'price lt 25000']);
    expect(kept('my present vehicle is a Soul, need more seats')).toEqual([]);
    expect(kept('my loan on a 2018 Escape ends soon, Corolla next')).toEqual(['model eq "Corolla"']);
    expect(kept('coming out of a Civic, it has 210000 km, want low mileage')).toEqual(['kilometers lt 50000']);
  });

  it('keeps what is no vehicle of the speaker: a budget, a need, a question, a wish', () => {
    expect(kept('I have a budget of 30k')).toEqual(['price lte 30000']);
    expect(kept('looking for a 2015 Corolla')).toEqual(['year eq 2015', 'model eq "Corolla"']);
    expect(kept('do you have a red Civic')).toEqual(['color eq "Red"', 'model eq "Civic"']);
    expect(kept('do we have a blue Corolla?')).toEqual(['color eq "Blue"', 'model eq "Corolla"']);
    expect(kept('trucks that have a tow package')).toEqual(['type eq "Truck"', 'options contain "tow"']);
    expect(kept('I have to have awd')).toEqual(['drive_train eq "AWD"']);
    expect(kept('I have always wanted a Ford')).toEqual(['manufacturer eq "Ford"']);
    expect(kept('I have my eye on an Escape')).toEqual(['model eq "Escape"']);
    expect(kept('I have a Civic in mind')).toEqual(['model eq "Civic"']);
    expect(kept('I want my next car to be a Soul')).toEqual(['model eq "Soul"']);
    expect(kept('a used Civic for my daughter')).toEqual(['condition eq "used"', 'model eq "Civic"']);
    expect(kept('we drive a lot in winter, awd please')).toEqual(['drive_train eq "AWD"']);
  });

  it('lets a clause that describes no vehicle give way to one that does', () => {
    expect(kept('my kids have outgrown our Soul so we need a minivan')).toEqual(['type eq "Minivan"']);
  });

  it('keeps its cue words from typo correction', () => {
    expect(BACKGROUND_WORDS.has('dads')).toBe(true);
    expect(BACKGROUND_WORDS.has('replacing')).toBe(true);
  });
});
