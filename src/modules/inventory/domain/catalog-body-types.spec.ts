import { catalogBodyTypeLookup } from './catalog-body-types';

describe(catalogBodyTypeLookup.name, () => {
  const lookup = catalogBodyTypeLookup([
    { manufacturer: 'Chevrolet', model: 'Silverado', type: 'Truck' },
    { manufacturer: 'Chevrolet', model: 'Silverado 2500HD', type: 'Truck' },
    { manufacturer: 'Chevrolet', model: 'Suburban', type: 'SUV' },
    { manufacturer: 'Ford', model: 'F-350 Super Duty', type: 'Truck' },
    { manufacturer: 'Ford', model: 'Mustang', type: null },
    { manufacturer: 'Ford', model: 'Transit', type: 'Van' },
    { manufacturer: 'Ford', model: 'Transit Connect', type: 'Van' },
  ]);

  it('finds the catalog model a longer feed name starts with, and a shorter feed name of one model', () => {
    expect(lookup('Chevrolet', 'Silverado 1500 LT Trail Boss')).toBe('Truck');
    expect(lookup('chevrolet', 'Silverado 2500 HD')).toBe('Truck');
    expect(lookup('Ford', 'F-350 Super Duty')).toBe('Truck');
    expect(lookup('Ford', 'F350')).toBe('Truck');
    expect(lookup('Ford', 'Transit-250 Cargo')).toBe('Van');
  });

  it('knows nothing of unknown makes and models, models without a type, or missing names', () => {
    expect(lookup('Ford', 'Mustang GT')).toBeNull();
    expect(lookup('Tesla', 'Model 3')).toBeNull();
    expect(lookup('Chevrolet', 'Bolt')).toBeNull();
    expect(lookup(null, 'Silverado')).toBeNull();
    expect(lookup('Chevrolet', null)).toBeNull();
  });
});
