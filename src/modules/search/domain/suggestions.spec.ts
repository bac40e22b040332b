import { and, comparison, not, or } from '../../../../libs/common/vehicle/filter-expression';
import type { SearchHit } from '../../../../libs/common/vehicle/search-hit';
import { planSuggestions, SuggestionPlan, toSuggestions } from './suggestions';

const red = comparison('eq', 'color', 'Red');
const camry = comparison('eq', 'model', 'Camry');
const suv = comparison('eq', 'type', 'SUV');
const awd = comparison('eq', 'drive_train', 'AWD');
const sunroof = comparison('contain', 'options', 'sunroof');
const under30k = comparison('lt', 'price', 30000);

/** A car's rank key as the inventory computes it: misses, then the missed conditions' weights. */
const key = (plan: SuggestionPlan, misses: number[]) => [misses.length, misses.reduce((sum, k) => sum + plan.query.conditions[k].weight, 0)];
const nearer = (plan: SuggestionPlan, a: number[], b: number[]) => {
  const [x, y] = [key(plan, a), key(plan, b)];
  return x[0] < y[0] || (x[0] === y[0] && x[1] < y[1]);
};
const hit = (vin: string): SearchHit => ({
  vin, stock_number: null, display_name: vin, manufacturer: 'Toyota', model: 'Corolla', trim: null, year: 2020, type: 'Sedan',
  condition: 'used', price: 25000, kilometers: 1000, color: 'Blue', image_url: null,
});

describe(planSuggestions.name, () => {
  it('has nothing to relax without a condition', () => {
    expect(planSuggestions(and())).toBeNull();
  });

  it('relaxes colour, then options, then other attributes, then body type, then the model, then price', () => {
    const plan = planSuggestions(and(under30k, camry, suv, awd, sunroof, red))!;
    const [price, model, type, drive, options, color] = [0, 1, 2, 3, 4, 5];
    const order = [color, options, drive, type, model, price];
    for (let i = 0; i + 1 < order.length; i++) expect(nearer(plan, [order[i]], [order[i + 1]])).toBe(true);
    // One more important miss outweighs every less important one together.
    expect(nearer(plan, [color, options, drive, type], [model])).toBe(false); // fewer misses first
    expect(nearer(plan, [color, options], [color, model])).toBe(true);
    expect(nearer(plan, [color, options, drive, type], [options, drive, type, model])).toBe(true);
  });

  it('loosens a price or mileage bound by 15% (what a car missing it must still meet), and nothing else', () => {
    const plan = planSuggestions(and(under30k, comparison('gte', 'kilometers', 20000), red, not(comparison('lt', 'price', 10000))))!;
    expect(plan.query.conditions.map((c) => c.within)).toEqual([
      comparison('lt', 'price', 34500), comparison('gte', 'kilometers', 17000), null, null,
    ]);
    // A bound inside an `or` is loosened in place.
    const between = planSuggestions(and(or(under30k, red)))!;
    expect(between.query.conditions[0].within).toEqual(or(comparison('lt', 'price', 34500), red));
  });

  it('leaves out cars missing every condition, unless one is a loosened bound', () => {
    expect(planSuggestions(and(red, camry))!.query.maxMisses).toBe(1);
    expect(planSuggestions(and(red))!.query.maxMisses).toBe(0);
    expect(planSuggestions(and(red, under30k))!.query.maxMisses).toBe(2);
  });

  it('asks for up to 5 cars and the attributes the conditions name', () => {
    const plan = planSuggestions(and(red, camry, or(comparison('eq', 'manufacturer', 'Ford'), comparison('eq', 'color', 'Blue'))))!;
    expect(plan.query.limit).toBe(5);
    expect(plan.query.attributes).toEqual(['color', 'model', 'manufacturer']);
  });
});

describe(toSuggestions.name, () => {
  it('lists what each car misses, least important first, with the car\'s value', () => {
    const either = or(comparison('eq', 'manufacturer', 'Ford'), comparison('eq', 'model', 'Civic'));
    const plan = planSuggestions(and(under30k, red, either))!;
    const [car] = toSuggestions(plan, [{ hit: hit('A'), misses: [0, 1, 2], values: { price: 32000, color: 'Blue', manufacturer: 'Toyota' } }]);
    expect(car.vin).toBe('A');
    expect(car.relaxed).toEqual([
      { attribute: 'color', comparator: 'eq', wanted: 'Red', actual: 'Blue' },
      { attribute: 'manufacturer', comparator: null, wanted: expect.objectContaining({ operator: 'or' }), actual: 'Toyota' },
      { attribute: 'price', comparator: 'lt', wanted: 30000, actual: 32000 },
    ]);
  });

  it('gives null for a value the car lacks', () => {
    const plan = planSuggestions(and(sunroof, red))!;
    const [car] = toSuggestions(plan, [{ hit: hit('B'), misses: [0], values: { options: null, color: 'Red' } }]);
    expect(car.relaxed).toEqual([{ attribute: 'options', comparator: 'contain', wanted: 'sunroof', actual: null }]);
  });
});
