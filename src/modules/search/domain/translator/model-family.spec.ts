import { familyForm } from '../../../../../libs/common/vehicle/model-family';
import { familyMembers, type StockedForm } from './model-family';

const stocked = (name: string, manufacturer: string): StockedForm => ({
  name, manufacturer, form: familyForm(name), makerForm: familyForm(`${manufacturer} ${name}`),
});
const TRIMS = new Set(['denali', 'limited', 'sport', 'lt', 'xlt', 'gt', 'l']);
const members = (head: string, manufacturer: string | null, stock: StockedForm[], catalog: Record<string, string[]> = {}): string[] =>
  familyMembers(
    familyForm(head).text,
    manufacturer,
    stock,
    new Map(Object.entries(catalog).map(([maker, models]) => [maker, models.map(familyForm)])),
    TRIMS,
  ).map((m) => m.name);

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
    // a longer model by one letter that is a trim word is a size of the same one ("grand cherokee" finds the Grand Cherokee L)
    const jeeps = [stocked('Grand Cherokee', 'Jeep'), stocked('Grand Cherokee L', 'Jeep')];
    expect(members('grand cherokee', 'Jeep', jeeps, { Jeep: ['Grand Cherokee', 'Grand Cherokee L'] })).toEqual(['Grand Cherokee', 'Grand Cherokee L']);
  });

  it('finds a stocked name by its manufacturer and model together (Ram `1500` as "ram 1500")', () => {
    expect(members('ram1500', 'Dodge', stock)).toEqual(['1500']);
    expect(members('ram', null, stock)).toEqual([]);
  });
});
