import { CAR_FIELDS } from './car';
import { HEADER_ALIASES, matchHeader, normalizeHeader, planColumns, planHasVin } from './feed-headers';
import { parseColumnMappings } from './column-mappings';

const targetsOf = (headers: string[], mappings: string | null = null) =>
  planColumns(headers, parseColumnMappings(mappings)).columns.map((c) => (c ? `${c.target}${c.append ? '+' : ''}` : null));

describe('feed headers', () => {
  it('normalizes ignoring case, spaces, _, - and #, and a BOM', () => {
    expect(normalizeHeader('Stock #')).toBe('stock');
    expect(normalizeHeader('\uFEFFVIN')).toBe('vin');
    expect(normalizeHeader('Drive_Train')).toBe('drivetrain');
    expect(normalizeHeader('Fuel-Type ')).toBe('fueltype');
  });

  it('matches every field by its own name', () => {
    for (const field of CAR_FIELDS) expect(matchHeader(field)?.target).toBe(field);
    expect(matchHeader('STOCK NUMBER')?.target).toBe('stock_number');
  });

  it.each([
    ['Make', 'manufacturer'], ['Stock #', 'stock_number'], ['Stock', 'stock_number'], ['Odometer', 'kilometers'],
    ['Mileage', 'kilometers'], ['Exterior Color', 'color'], ['ext_color', 'color'], ['Body Style', 'type'], ['body', 'type'],
    ['Drivetrain', 'drive_train'], ['Photo URLs', 'image_url_list'], ['Photo Url List', 'image_url_list'], ['Fuel', 'fuel_type'],
    ['Price', 'price'], ['Internet Price', 'price'], ['vin_num', 'vin'], ['Series', 'trim'], ['New/Used', 'condition'],
    ['state_of_vehicle', 'condition'], ['mileage.value', 'kilometers'], ['mileage.unit', 'mileage_unit'], ['image[0].url', 'image_url'],
    ['city_mpg', 'fuel_economy_city'], ['hwy_mpg', 'fuel_economy_highway'], ['vehicle_id', 'source_id'], ['Features', 'options'],
    ['Vehicle De', 'description'], ['url', 'site_url'], ['Certified', 'certified'], ['Transmissi', 'transmission'],
  ])('maps the feed header %s to %s', (header, field) => {
    expect(matchHeader(header)?.target).toBe(field);
  });

  it('has no alias that names two fields, nor one that is another field\'s name', () => {
    const owner = new Map<string, string>();
    for (const field of CAR_FIELDS) owner.set(normalizeHeader(field), field);
    for (const [target, aliases] of Object.entries(HEADER_ALIASES)) {
      for (const alias of aliases) {
        const key = normalizeHeader(alias);
        const existing = owner.get(key);
        if (existing !== undefined) expect(`${alias} -> ${existing}`).toBe(`${alias} -> ${target}`);
        owner.set(key, target);
      }
    }
  });

  it('ignores unknown columns', () => {
    expect(targetsOf(['VIN', 'Dealer Name', 'latitude'])).toEqual(['vin', null, null]);
  });

  it('gathers numbered image columns into image_url_list unless a list column exists', () => {
    expect(targetsOf(['vin', 'image[0].url', 'image[1].url', 'image[2].url'])).toEqual(['vin', 'image_url', 'image_url_list+', 'image_url_list+']);
    expect(targetsOf(['vin', 'image[1].url', 'Photo URLs'])).toEqual(['vin', null, 'image_url_list']);
  });

  it('prefers a field name to an alias, then the leftmost column', () => {
    expect(targetsOf(['Make', 'manufacturer', 'vin'])).toEqual([null, 'manufacturer', 'vin']);
    expect(targetsOf(['Mileage', 'Odometer', 'vin'])).toEqual(['kilometers', null, 'vin']);
  });

  it('applies columnMappings over field names and aliases, and can drop a column', () => {
    expect(targetsOf(['Unit', 'Make', 'manufacturer', 'condition'], '{"Unit":"vin","Make":"manufacturer","condition":"ignore"}'))
      .toEqual(['vin', 'manufacturer', null, null]);
    expect(targetsOf(['Serial', 'Brand X'], 'serial:VIN,Brand X:Manufacturer')).toEqual(['vin', 'manufacturer']);
  });

  it('reports mappings that name no header, and whether a VIN column exists', () => {
    const plan = planColumns(['VIN', 'Make'], parseColumnMappings('Colour Code:color'));
    expect(plan.unusedMappings).toEqual(['colourcode']);
    expect(planHasVin(plan)).toBe(true);
    expect(planHasVin(planColumns(['Make', 'Model']))).toBe(false);
  });
});
