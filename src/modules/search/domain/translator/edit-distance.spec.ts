import { boundedEditDistance } from './edit-distance';

describe(boundedEditDistance.name, () => {
  it.each([
    ['camry', 'camry', 2, 0],
    ['camery', 'camry', 2, 1],
    ['hodna', 'honda', 2, 1], // transposition
    ['hundai', 'hyundai', 2, 1],
    ['volkswagon', 'volkswagen', 2, 1],
    ['corrola', 'corolla', 2, 2],
    ['', 'abc', 5, 3],
  ])('%s -> %s is %i', (a, b, max, d) => {
    expect(boundedEditDistance(a, b, max)).toBe(d);
  });

  it('stops at max + 1', () => {
    expect(boundedEditDistance('toyota', 'porsche', 1)).toBe(2);
    expect(boundedEditDistance('a', 'abcdef', 2)).toBe(3);
  });
});
