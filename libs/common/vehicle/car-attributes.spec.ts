import { SEARCH_ATTRIBUTES, SEARCH_VOCABULARY } from './car-attributes';

describe('SEARCH_VOCABULARY', () => {
  it('has the attributes of search-vocabulary.md with their types', () => {
    expect(SEARCH_ATTRIBUTES.map((a) => a.name)).toEqual([
      'condition', 'certified', 'manufacturer', 'model', 'trim', 'year', 'type', 'price', 'kilometers', 'color', 'fuel_type',
      'transmission', 'drive_train', 'seats', 'doors', 'horse_power', 'fuel_economy_city', 'fuel_economy_highway', 'monthly_lease_payment', 'monthly_finance_payment',
      'options', 'accident', 'stock_number', 'vin',
    ]);
    expect(SEARCH_VOCABULARY.get('price')?.type).toBe('number');
    expect(SEARCH_VOCABULARY.get('year')?.type).toBe('integer');
    expect(SEARCH_VOCABULARY.get('accident')?.type).toBe('boolean');
    expect(SEARCH_VOCABULARY.get('type')?.values).toContain('Minivan');
    expect(SEARCH_VOCABULARY.get('fuel_type')?.values).toContain('Plug-in Hybrid');
  });
});
