import { familyForm, familyMembers, isVariantToken, type StockedForm, tokenAfter } from './model-family';

const stocked = (name: string, manufacturer: string): StockedForm => ({
  name, manufacturer, form: familyForm(name), makerForm: familyForm(`${manufacturer} ${name}`),
});
const TRIMS = new Set(['denali', 'limited', 'sport', 'lt', 'xlt', 'gt']);
const members = (head: string, manufacturer: string | null, stock: StockedForm[], catalog: Record<string, string[]> = {}): string[] =>
  familyMembers(
    familyForm(head).text,
    manufacturer,
    stock,
    new Map(Object.entries(catalog).map(([maker, models]) => [maker, models.map(familyForm)])),
    TRIMS,
  ).map((m) => m.name);

describe(familyForm.name, () => {
  it('splits where letters meet digits and drops the variant words after a number', () => {
    for (const spelling of ['F-350', 'F350', 'f 350', 'F-350SD', 'F-350 Super Duty', 'f350superduty']) expect(familyForm(spelling).text).toBe('f350');
    expect(familyForm('Sierra 2500HD')).toEqual({ text: 'sierra2500', tokens: ['sierra', '2500'], starts: [0, 6] });
    expect(familyForm('Super Duty').text).toBe('superduty'); // only after a number
  });
});

describe(tokenAfter.name, () => {
  it('is the token after a prefix that ends at a token boundary', () => {
    expect(tokenAfter('sierra', familyForm('Sierra 1500 Limited'))).toBe('1500');
    expect(tokenAfter('sierra1500limited', familyForm('Sierra 1500 Limited'))).toBe('');
    expect(tokenAfter('f350', familyForm('F-3500'))).toBeNull();
    expect(tokenAfter('sierra1500', familyForm('Sierra 2500HD'))).toBeNull();
  });
});

describe(isVariantToken.name, () => {
  it('is a number, a trim word or a fuel word', () => {
    expect(['1500', 'denali', 'hybrid', ''].map((t) => isVariantToken(t, TRIMS))).toEqual([true, true, true, true]);
    expect(['lightning', 'mach'].map((t) => isVariantToken(t, TRIMS))).toEqual([false, false]);
  });
});

describe(familyMembers.name, () => {
  const stock = [
    stocked('Sierra 1500 Limited', 'GMC'), stocked('Sierra 2500HD', 'GMC'), stocked('Sierra Denali', 'GMC'),
    stocked('F-350SD', 'Ford'), stocked('F-350 Super Duty', 'Ford'), stocked('F-3500', 'Ford'),
    stocked('F-150', 'Ford'), stocked('F-150 Lightning', 'Ford'), stocked('F-150 XLT', 'Ford'),
    stocked('Range Rover', 'Land Rover'), stocked('Range Rover Sport', 'Land Rover'), stocked('1500', 'Ram'),
  ];

  it('gathers every stocked name of the family, whatever the feed calls it', () => {
    expect(members('sierra', 'GMC', stock)).toEqual(['Sierra 1500 Limited', 'Sierra 2500HD', 'Sierra Denali']);
    expect(members('f350', 'Ford', stock)).toEqual(['F-350SD', 'F-350 Super Duty']);
    expect(members('F-350 Super Duty', 'Ford', stock)).toEqual(['F-350SD', 'F-350 Super Duty']);
  });

  it('keeps other sizes and other models out ("sierra 1500" is no 2500HD, "F-350" no F-3500, "F-150" no Lightning)', () => {
    expect(members('sierra 1500', 'GMC', stock)).toEqual(['Sierra 1500 Limited']);
    expect(members('f350', 'Ford', stock)).not.toContain('F-3500');
    expect(members('f150', 'Ford', stock)).toEqual(['F-150', 'F-150 XLT']);
    expect(members('sierra', 'Ford', stock)).toEqual([]);
  });

  it('takes a longer model of the catalog as a model of its own', () => {
    expect(members('range rover', 'Land Rover', stock)).toEqual(['Range Rover', 'Range Rover Sport']);
    expect(members('range rover', 'Land Rover', stock, { 'Land Rover': ['Range Rover', 'Range Rover Sport'] })).toEqual(['Range Rover']);
    expect(members('sierra', 'GMC', stock, { GMC: ['Sierra', 'Sierra 2500HD'] })).toContain('Sierra 2500HD');
  });

  it('finds a stocked name by its manufacturer and model together (Ram `1500` as "ram 1500")', () => {
    expect(members('ram1500', 'Dodge', stock)).toEqual(['1500']);
    expect(members('ram', null, stock)).toEqual([]);
  });
});
