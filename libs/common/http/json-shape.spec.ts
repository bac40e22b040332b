import { boundedDetails } from './all-exceptions.filter';
import { jsonShapeProblem } from './json-shape';

const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('jsonShapeProblem (decisions.md section 1)', () => {
  it('admits 1,000 keys and 32 levels', () => {
    expect(jsonShapeProblem(Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])))).toBeNull();
    expect(jsonShapeProblem(nested(32))).toBeNull();
    expect(jsonShapeProblem({ list: Array.from({ length: 5000 }, (_, i) => i) })).toBeNull();
  });

  it('refuses the 1,001st key, counted across nested objects', () => {
    const body = { a: Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`k${i}`, i])), b: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`k${i}`, i])) };
    expect(jsonShapeProblem(body)?.message).toBe('JSON with more than 1000 object keys');
  });

  it('refuses a 33rd level, and any depth without recursing', () => {
    expect(jsonShapeProblem(nested(33))?.message).toBe('JSON nested deeper than 32 levels');
    expect(jsonShapeProblem(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)))?.message).toBe('JSON nested deeper than 32 levels');
  });

  it('refuses keys that reach a prototype, naming the field', () => {
    expect(jsonShapeProblem(JSON.parse('{"contact": {"__proto__": {"admin": true}}}'))).toEqual({
      message: 'Request validation failed', details: [{ field: 'contact.__proto__', errors: ['property __proto__ should not exist'] }],
    });
    expect(jsonShapeProblem({ items: [{ constructor: 1 }] })?.details).toEqual([{ field: 'items[0].constructor', errors: ['property constructor should not exist'] }]);
  });

});

describe('boundedDetails', () => {
  it('keeps 20 entries and sums up the rest', () => {
    const details = Array.from({ length: 25 }, (_, i) => ({ field: `f${i}`, errors: ['x'] }));
    expect(boundedDetails(details)).toEqual([...details.slice(0, 20), { more: 5 }]);
    expect(boundedDetails(details.slice(0, 20))).toEqual(details.slice(0, 20));
    expect(boundedDetails({ request_id: 'r' })).toEqual({ request_id: 'r' });
  });
});
