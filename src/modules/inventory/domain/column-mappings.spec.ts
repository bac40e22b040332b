import { parseColumnMappings } from './column-mappings';
import { InvalidColumnMappingsError } from './inventory.errors';

const errorsOf = (raw: string): string[] => {
  try {
    parseColumnMappings(raw);
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidColumnMappingsError);
    return ((err as InvalidColumnMappingsError).details as { errors: string[] }[])[0].errors;
  }
  throw new Error('expected an error');
};

describe(parseColumnMappings.name, () => {
  it('is null when absent or blank', () => {
    expect(parseColumnMappings(undefined)).toBeNull();
    expect(parseColumnMappings('  ')).toBeNull();
  });

  it('reads the JSON object syntax, keyed by normalized header', () => {
    const m = parseColumnMappings('{"Unit Serial": "vin", "Sticker $": "price", "Kms": "kilometers"}');
    expect([...m!.entries()]).toEqual([['unitserial', { target: 'vin' }], ['sticker$', { target: 'price' }], ['kms', { target: 'kilometers' }]]);
  });

  it('reads the Header:field list syntax, splitting on the last colon', () => {
    const m = parseColumnMappings('Unit Serial:vin, Time: In Stock:stock_status,,Colour:Color');
    expect([...m!.entries()]).toEqual([['unitserial', { target: 'vin' }], ['time:instock', { target: 'stock_status' }], ['colour', { target: 'color' }]]);
  });

  it('accepts field names written loosely and ignore targets', () => {
    const m = parseColumnMappings('{"A":"Stock Number","B":"ignore","C":""}');
    expect([...m!.entries()]).toEqual([['a', { target: 'stock_number' }], ['b', null], ['c', null]]);
  });

  it('reads the unit of a kilometers target in both syntaxes', () => {
    expect([...parseColumnMappings('{"Odo": "kilometers:mi", "Stock": "stock_number"}')!.entries()])
      .toEqual([['odo', { target: 'kilometers', unit: 'mi' }], ['stock', { target: 'stock_number' }]]);
    expect([...parseColumnMappings('{"Km": "Kilometers : KM"}')!.entries()]).toEqual([['km', { target: 'kilometers', unit: 'km' }]]);
    expect([...parseColumnMappings('Odo:kilometers:mi,Unit:vin')!.entries()]).toEqual([['odo', { target: 'kilometers', unit: 'mi' }], ['unit', { target: 'vin' }]]);
    expect([...parseColumnMappings('Odo: Reading:kilometers:MI')!.entries()]).toEqual([['odo:reading', { target: 'kilometers', unit: 'mi' }]]);
  });

  it('refuses an unknown unit, and a unit on another field', () => {
    expect(errorsOf('Odo:kilometers:miles')).toEqual(['"Odo" maps to "kilometers:miles": the unit must be mi or km']);
    expect(errorsOf('{"Odo": "kilometers:furlongs"}')).toEqual(['"Odo" maps to "kilometers:furlongs": the unit must be mi or km']);
    expect(errorsOf('{"Sticker": "price:mi"}')).toEqual(['"Sticker" maps to "price:mi": only kilometers takes a unit']);
  });

  it('refuses unknown fields, malformed pairs, bad JSON and non-string targets, naming each', () => {
    expect(errorsOf('{"A":"colour"}')).toEqual(['"A" maps to "colour", which is not a car field']);
    expect(errorsOf('Make manufacturer,Model:model')).toEqual(['"Make manufacturer" is not Header:field']);
    expect(errorsOf('{"A": "vin",')).toEqual([expect.stringContaining('not valid JSON')]);
    expect(errorsOf('{"A": 3}')).toEqual(['"A" must map to a field name (a string)']);
    expect(errorsOf('["vin"]')).toEqual([expect.stringContaining('must be a JSON object')]);
    expect(errorsOf('Make:manufacturer,make:model')).toEqual(['"make" is mapped twice']);
    expect(errorsOf(':vin')).toEqual(['empty header name (mapped to "vin")']);
    expect(errorsOf('Serial:vin,Cost:VIN')).toEqual(['"Serial" and "Cost" both map to vin; a field takes one column']);
    expect(parseColumnMappings('Serial:vin,Cost:ignore,Notes:ignore')?.size).toBe(3);
  });
});
