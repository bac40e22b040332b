import { CarRowValidator, RowErrorCode, RowOutcome } from './car-row-rules';
import { RawCarValues } from './car-feed';

const VIN = '1HGCM82633A004352';
const VIN2 = '5UXNFJL24TX577857';
const NOW = new Date('2026-06-01T00:00:00Z');

function validator(condition: 'new' | 'used' = 'used', requireCheckDigit = true) {
  return new CarRowValidator({ condition, requireCheckDigit, now: NOW });
}
const row = (values: RawCarValues, index = 0) => ({ index, values });
function errorOf(outcome: RowOutcome) {
  if (outcome.ok) throw new Error('expected a row error');
  return outcome.error;
}
function carOf(outcome: RowOutcome) {
  if (!outcome.ok) throw new Error(`unexpected row error: ${outcome.error.reason}`);
  return outcome.car;
}

describe(CarRowValidator.name, () => {
  it('builds a car from CSV strings: numbers with $ , and spaces, yes/no booleans, empty cells as null', () => {
    const car = carOf(validator().validate(row({
      vin: ` ${VIN.toLowerCase()} `, stock_number: ' U123 ', year: '2019', manufacturer: 'Honda', model: 'Accord', trim: '',
      price: '$ 24,995.50', display_price: '24,995', kilometers: '48 200', certified: 'Yes', accident: 'n', doors: '4', seats: '5',
      condition: 'used', horse_power: '', options: 'Sunroof, Leather Seats',
    })));
    expect(car).toMatchObject({
      vin: VIN, condition: 'used', stock_number: 'U123', year: 2019, manufacturer: 'Honda', model: 'Accord', trim: null,
      price: 24995.5, display_price: 24995, kilometers: 48200, certified: true, accident: false, doors: 4, seats: 5,
      horse_power: null, options: 'Sunroof, Leather Seats', color: null,
    });
  });

  it('accepts JSON values: numbers, booleans, numeric strings, null', () => {
    const car = carOf(validator('new').validate(row({ vin: VIN, year: 2026, price: 41000, certified: false, accident: 0, doors: '2', seats: 4, trim: null })));
    expect(car).toMatchObject({ year: 2026, price: 41000, certified: false, accident: false, doors: 2, seats: 4, trim: null, condition: 'new' });
  });

  it.each(['yes', 'no', 'true', 'false', 'y', 'n', '1', '0', 'YES', 'False'])('accepts the boolean word %s', (word) => {
    expect(carOf(validator().validate(row({ vin: VIN, certified: word }))).certified).toBe(['yes', 'true', 'y', '1'].includes(word.toLowerCase()));
  });

  it('1001 when the VIN is missing or blank', () => {
    expect(errorOf(validator().validate(row({ stock_number: 'A1' }, 4)))).toEqual({ index: 4, id: '', code: RowErrorCode.RequiredFieldMissing, reason: 'vin is required' });
    expect(errorOf(validator().validate(row({ vin: '   ' }))).code).toBe(1001);
  });

  it('1002 for a VIN of the wrong shape, with the id as given', () => {
    const e = errorOf(validator().validate(row({ vin: 'abc' }, 2)));
    expect(e).toMatchObject({ index: 2, id: 'abc', code: 1002 });
    expect(errorOf(validator().validate(row({ vin: '1HGCM82633A00O352' }))).code).toBe(1002);
    expect(errorOf(validator().validate(row({ vin: 12345 }))).code).toBe(1002);
  });

  it('1002 for a wrong check digit in the US and CA, accepted elsewhere', () => {
    const bad = '1HGCM82643A004352';
    expect(errorOf(validator('used', true).validate(row({ vin: bad }))).reason).toContain('check digit');
    expect(carOf(validator('used', false).validate(row({ vin: bad }))).vin).toBe(bad);
  });

  it('1003 on the later row of a repeated VIN, case-insensitively', () => {
    const v = validator();
    expect(v.validate(row({ vin: VIN }, 0)).ok).toBe(true);
    expect(v.validate(row({ vin: VIN2 }, 1)).ok).toBe(true);
    expect(errorOf(v.validate(row({ vin: VIN.toLowerCase() }, 2)))).toMatchObject({ index: 2, code: 1003, reason: 'vin repeats the VIN of row 0' });
  });

  it('1003 even when the earlier row was refused for another field', () => {
    const v = validator();
    expect(errorOf(v.validate(row({ vin: VIN, price: 'call us' }, 0))).code).toBe(1004);
    expect(errorOf(v.validate(row({ vin: VIN }, 1))).code).toBe(1003);
  });

  it.each([
    ['price', 'call us'], ['price', '12.3.4'], ['kilometers', '12,000 mi'], ['year', '20l9'], ['seats', 'five'], ['price', '€100'],
  ])('1004 when %s is %s', (field, value) => {
    expect(errorOf(validator().validate(row({ vin: VIN, [field]: value })))).toMatchObject({ code: 1004, reason: expect.stringContaining(field) });
  });

  it('1004 for a fraction in a whole-number field; money keeps cents', () => {
    expect(errorOf(validator().validate(row({ vin: VIN, kilometers: '1200.5' }))).code).toBe(1004);
    expect(carOf(validator().validate(row({ vin: VIN, kilometers: '1,200.00', price: '99.999' }))).price).toBe(100);
  });

  it.each([
    ['year', '1885'], ['year', '2029'], ['price', '-2'], ['display_price', '-5'], ['kilometers', '-5'], ['seats', '0'], ['doors', '12'], ['certified', 'maybe'],
    ['accident', '2'], ['condition', 'salvage'], ['horse_power', '99999'],
  ])('1005 when %s is %s', (field, value) => {
    expect(errorOf(validator().validate(row({ vin: VIN, [field]: value }))).code).toBe(1005);
  });

  it('accepts model years up to next year + 1', () => {
    expect(carOf(validator().validate(row({ vin: VIN, year: '2028' }))).year).toBe(2028);
  });

  it('1005 for a car of the other condition; used synonyms and CPO make a certified used car', () => {
    expect(errorOf(validator('used').validate(row({ vin: VIN, condition: 'New' }))).reason).toBe('condition new does not belong in the used inventory');
    expect(errorOf(validator('new').validate(row({ vin: VIN, condition: 'used' }))).code).toBe(1005);
    expect(carOf(validator('used').validate(row({ vin: VIN, condition: 'Pre-Owned' }))).certified).toBeNull();
    expect(carOf(validator('used').validate(row({ vin: VIN, condition: 'CPO' }))).certified).toBe(true);
    expect(carOf(validator('used').validate(row({ vin: VIN, condition: 'CPO', certified: 'no' }))).certified).toBe(false);
  });

  it("reads a shopper's condition words in a feed too (one table with search)", () => {
    for (const word of ['Second Hand', 'previously-owned', '2nd Hand']) expect(carOf(validator('used').validate(row({ vin: VIN, condition: word }))).certified).toBeNull();
    expect(carOf(validator('used').validate(row({ vin: VIN, condition: 'Certified Second-Hand' }))).certified).toBe(true);
    expect(errorOf(validator('used').validate(row({ vin: VIN, condition: 'Brand-New' }))).code).toBe(1005);
  });

  it('1006 for a malformed row and for an object where a value belongs', () => {
    expect(errorOf(validator().validate({ index: 3, malformed: 'row has 3 fields; the header has 5', id: VIN }))).toEqual({
      index: 3, id: VIN, code: 1006, reason: 'row has 3 fields; the header has 5',
    });
    expect(errorOf(validator().validate(row({ vin: VIN, options: ['a', 'b'] }))).code).toBe(1006);
  });

  it('1007 for a value longer than its column', () => {
    expect(errorOf(validator().validate(row({ vin: VIN, manufacturer: 'x'.repeat(101) })))).toMatchObject({ code: 1007, reason: 'manufacturer is longer than 100 characters' });
    expect(carOf(validator().validate(row({ vin: VIN, manufacturer: 'x'.repeat(100) }))).manufacturer).toHaveLength(100);
  });

  it('reports the first failing check: VIN before other fields, then fields in header order', () => {
    expect(errorOf(validator().validate(row({ vin: 'bad', price: 'x' }))).code).toBe(1002);
    expect(errorOf(validator().validate(row({ vin: VIN, year: 'x', price: '-2' }))).reason).toContain('year');
  });

  it('converts miles when a mileage unit column says so', () => {
    expect(carOf(validator().validate(row({ vin: VIN, kilometers: '30,000', mileage_unit: 'MI' }))).kilometers).toBe(48280);
    expect(carOf(validator().validate(row({ vin: VIN, kilometers: '30000', mileage_unit: 'km' }))).kilometers).toBe(30000);
    expect(errorOf(validator().validate(row({ vin: VIN, kilometers: '1', mileage_unit: 'furlongs' }))).code).toBe(1005);
    // the amounts reader's unit words (one table with search) and a unit column's "mil"
    expect(carOf(validator().validate(row({ vin: VIN, kilometers: '30000', mileage_unit: 'mls' }))).kilometers).toBe(48280);
    expect(carOf(validator().validate(row({ vin: VIN, kilometers: '30000', mileage_unit: 'Mil' }))).kilometers).toBe(48280);
    expect(carOf(validator().validate(row({ vin: VIN, kilometers: '30000', mileage_unit: 'Kilometres' }))).kilometers).toBe(30000);
  });

  it('takes image_url from the first entry of image_url_list when it is missing', () => {
    expect(carOf(validator().validate(row({ vin: VIN, image_url_list: 'https://a/1.jpg|https://a/2.jpg' }))).image_url).toBe('https://a/1.jpg');
    expect(carOf(validator().validate(row({ vin: VIN, image_url: 'https://b/0.jpg', image_url_list: 'https://a/1.jpg' }))).image_url).toBe('https://b/0.jpg');
  });

  it.each([['-1'], ['0'], [''], ['  '], ['call'], ['Call For Price'], [' CALL  for price '], ['$0.00'], [-1], [0], [null]])(
    'a price of %j is no price: null, no row error', (value) => {
      expect(carOf(validator().validate(row({ vin: VIN, price: value, display_price: value })))).toMatchObject({ price: null, display_price: null });
    },
  );

  it('reads a Mileage/Miles/Odometer column in miles for a US dealership, km elsewhere; a mapping unit or a unit column decides first', () => {
    const us = () => new CarRowValidator({ condition: 'used', requireCheckDigit: true, now: NOW, milesByDefault: true });
    const km = (v: () => CarRowValidator, values: RawCarValues, kilometersUnit?: 'mi' | 'km' | 'regional') => carOf(v().validate({ index: 0, values: { vin: VIN, ...values }, kilometersUnit })).kilometers;
    expect(km(us, { kilometers: '30,000' }, 'regional')).toBe(48280);
    expect(km(validator, { kilometers: '30,000' }, 'regional')).toBe(30000);
    expect(km(us, { kilometers: '30000' })).toBe(30000); // a column named kilometers
    expect(km(us, { kilometers: '30000', mileage_unit: 'KM' }, 'regional')).toBe(30000);
    expect(km(validator, { kilometers: '30000' }, 'mi')).toBe(48280);
    expect(km(us, { kilometers: '30000', mileage_unit: 'MI' }, 'km')).toBe(30000);
  });

  it('keeps the feed text of type, color, fuel_type, drive_train and transmission, and derives the canonical values', () => {
    const car = carOf(validator().validate(row({
      vin: VIN, type: 'Crew Cab Pickup', color: 'Oxford White', fuel_type: 'Flex Fuel', drive_train: '4x4', transmission: '10-Speed Automatic',
    })));
    expect(car).toMatchObject({
      type: 'Truck', type_text: 'Crew Cab Pickup', color: 'White', color_text: 'Oxford White', fuel_type: 'Gasoline', fuel_type_text: 'Flex Fuel',
      drive_train: '4WD', drive_train_text: '4x4', transmission: 'Automatic', transmission_text: '10-Speed Automatic',
    });
    const plain = carOf(validator().validate(row({ vin: VIN, color: 'Lunar Rock', type: null })));
    expect(plain).toMatchObject({ color: 'Lunar Rock', color_text: 'Lunar Rock', type: null, type_text: null });
  });

  it('lets the catalog type a car whose body text says nothing usable', () => {
    const v = new CarRowValidator({ condition: 'used', requireCheckDigit: true, now: NOW, catalogBodyType: (make, model) => (make === 'Ford' && model === 'F-150' ? 'Truck' : null) });
    expect(carOf(v.validate(row({ vin: VIN, manufacturer: 'Ford', model: 'F-150', type: 'Other' })))).toMatchObject({ type: 'Truck', type_text: 'Other' });
    expect(carOf(v.validate(row({ vin: VIN2, manufacturer: 'Ford', model: 'F-150', type: 'Regular Cab' })))).toMatchObject({ type: 'Truck' });
  });
});
