import {
  asCanonicalColor, BODY_TYPE_WORDS, DRIVE_TRAIN_WORDS, FUEL_TYPE_WORDS, TRANSMISSION_WORDS, canonicalBodyType, canonicalColor, canonicalDriveTrain, canonicalFuelType, canonicalTransmission,
  canonicalCondition, saysCertified,
} from './canonical-values';
import { BODY_TYPES, COLORS, FUEL_TYPES } from './vehicle-types';

describe('canonical values', () => {
  it.each([
    ['Quad Cab Pickup', 'Truck'], ['Crew Cab Pickup', 'Truck'], ['SuperCrew', 'Truck'], ['SuperCab', 'Truck'], ['Regular Cab', 'Truck'],
    ['CrewMax', 'Truck'], ['Extended Cab Pickup', 'Truck'], ['Pick-up', 'Truck'], ['4dr SUV', 'SUV'], ['Sport Utility', 'SUV'],
    ['4D Sport Utility', 'SUV'], ['Crossover', 'SUV'], ['Passenger Van', 'Van'], ['Cargo Van', 'Van'], ['Full-size Cargo Van', 'Van'],
    ['2dr Car', 'Coupe'], ['4dr Car', 'Sedan'], ['4dr Sedan', 'Sedan'], ['Hatchback', 'Hatchback'], ['5dr Hatchback', 'Hatchback'],
    ['Minivan', 'Minivan'], ['Mini-van', 'Minivan'], ['Wagon', 'Wagon'], ['Station Wagon', 'Wagon'], ['Convertible', 'Convertible'],
    ['2dr Convertible', 'Convertible'], ['suv', 'SUV'], ['Coupe', 'Coupe'],
  ])('body %j -> %s', (text, expected) => expect(canonicalBodyType(text)).toBe(expected));

  it.each([
    ['Roadster', 'Convertible'], ['2dr Spyder', 'Convertible'], ['Access Cab', 'Truck'], ['SportWagen', 'Wagon'], ['A4 Avant', 'Wagon'],
    ['5dr Liftback', 'Hatchback'], ['Cab-Chassis', 'Truck'],
  ])('body %j (words of feeds) -> %s', (text, expected) => expect(canonicalBodyType(text)).toBe(expected));

  it('reads every phrase of the value tables as its own value (their order is the precedence)', () => {
    const readers = [
      [BODY_TYPE_WORDS, canonicalBodyType], [FUEL_TYPE_WORDS, canonicalFuelType], [TRANSMISSION_WORDS, canonicalTransmission], [DRIVE_TRAIN_WORDS, canonicalDriveTrain],
    ] as const;
    for (const [table, read] of readers) {
      for (const [value, phrases] of table) for (const phrase of phrases) expect([phrase, read(phrase)]).toEqual([phrase, value]);
    }
  });

  it.each([
    ['Used', 'used', false], ['PRE-OWNED', 'used', false], ['Pre Owned', 'used', false], ['u', 'used', false], ['New', 'new', false], ['N', 'new', false],
    ['brand-new', 'new', false], ['CPO', 'used', true], ['Certified Pre-Owned', 'used', true], ['certified used', 'used', true],
    // a shopper's words, read in feeds too (one table)
    ['Second Hand', 'used', false], ['Previously Owned', 'used', false], ['2nd-hand', 'used', false], ['Certified Pre-Loved', 'used', true],
    ['Salvage', null, false], ['Used Certified Maybe', null, false], ['newish', null, false],
  ])('feed condition %j -> %s (certified: %s)', (text, condition, certified) => {
    expect(canonicalCondition(text)).toBe(condition);
    expect(saysCertified(text)).toBe(certified);
  });

  it('leaves a body text that says nothing usable to the caller', () => {
    expect(canonicalBodyType('4dr')).toBeNull();
    expect(canonicalBodyType('Other')).toBeNull();
    expect(canonicalBodyType('')).toBeNull();
    expect(canonicalBodyType(null)).toBeNull();
  });

  it('maps every canonical value to itself', () => {
    for (const t of BODY_TYPES) expect(canonicalBodyType(t)).toBe(t);
    for (const c of COLORS) expect(canonicalColor(c)).toBe(c);
    for (const f of FUEL_TYPES) expect(canonicalFuelType(f)).toBe(f);
    for (const d of ['AWD', '4WD', 'FWD', 'RWD']) expect(canonicalDriveTrain(d)).toBe(d);
    for (const t of ['Automatic', 'Manual']) expect(canonicalTransmission(t)).toBe(t);
  });

  it.each([
    ['Oxford White', 'White'], ['Bright White Clearcoat', 'White'], ['Magnetite Gray Metallic', 'Gray'], ['Super Black', 'Black'],
    ['Summit White', 'White'], ['Ingot Silver', 'Silver'], ['Agate Black', 'Black'], ['Velocity Blue', 'Blue'], ['Rapid Red', 'Red'],
    ['Carbonized Gray', 'Gray'], ['Iconic Silver', 'Silver'], ['Dark Grey Metallic', 'Gray'], ['Navy', 'Blue'], ['Maroon', 'Red'],
    ['Burgundy Pearl', 'Red'], ['Charcoal', 'Gray'], ['Tan', 'Beige'], ['Champagne Metallic', 'Gold'], ['Midnight Blue', 'Blue'],
    ['Black Cherry', 'Red'], ['Oxford White w/ Black Roof', 'White'], ['Black/Red', 'Black'], ['Red and White', 'Red'],
  ])('colour %j -> %s', (text, expected) => expect(canonicalColor(text)).toBe(expected));

  it('keeps a colour name with no colour word as text', () => {
    expect(canonicalColor('Lunar Rock')).toBeNull();
    expect(canonicalColor('Hypersonic')).toBeNull();
  });

  it('reads stored colours as canonical only when they are', () => {
    expect(asCanonicalColor('white')).toBe('White');
    expect(asCanonicalColor('Lunar Rock')).toBeNull();
    expect(asCanonicalColor(null)).toBeNull();
  });

  it.each([
    ['4x4', '4WD'], ['4WD', '4WD'], ['Four Wheel Drive', '4WD'], ['4-Wheel Drive', '4WD'], ['AWD', 'AWD'], ['All Wheel Drive', 'AWD'],
    ['All-Wheel Drive', 'AWD'], ['FWD', 'FWD'], ['Front Wheel Drive', 'FWD'], ['RWD', 'RWD'], ['Rear Wheel Drive', 'RWD'], ['4x2', 'RWD'],
    ['2WD', null], ['Quattro', 'AWD'], ['4Motion', 'AWD'], ['4-Wheel', '4WD'],
  ])('drive train %j -> %s', (text, expected) => expect(canonicalDriveTrain(text)).toBe(expected));

  it.each([
    ['Gas', 'Gasoline'], ['Gasoline', 'Gasoline'], ['Flex Fuel', 'Gasoline'], ['E85', 'Gasoline'], ['Regular Unleaded', 'Gasoline'],
    ['Diesel', 'Diesel'], ['Hybrid', 'Hybrid'], ['Gas/Electric Hybrid', 'Hybrid'], ['Plug-In Hybrid', 'Plug-in Hybrid'], ['PHEV', 'Plug-in Hybrid'],
    ['Electric', 'Electric'], ['EV', 'Electric'], ['Compressed Natural Gas', null], ['CNG/Gasoline', null], ['TurboDiesel', 'Diesel'],
    ['Mild Hybrid', 'Hybrid'], ['HEV', 'Hybrid'], ['Flex', 'Gasoline'], ['Hydrogen Fuel Cell Electric', 'Electric'],
  ])('fuel %j -> %s', (text, expected) => expect(canonicalFuelType(text)).toBe(expected));

  it.each([
    ['8-Speed Automatic', 'Automatic'], ['Auto', 'Automatic'], ['CVT', 'Automatic'], ['10-Speed A/T', 'Automatic'], ['6AT', 'Automatic'],
    ['7-Speed DSG', 'Automatic'], ['Tiptronic', 'Automatic'], ['6AT w/ Manual Mode', 'Automatic'], ['Standard', 'Manual'], ['5-Speed M/T', 'Manual'],
    ['6-Speed Manual', 'Manual'], ['Manual', 'Manual'], ['6MT', 'Manual'], ['Automatic w/ Manual Shift Mode', 'Automatic'], ['Single speed', null],
  ])('transmission %j -> %s', (text, expected) => expect(canonicalTransmission(text)).toBe(expected));
});
