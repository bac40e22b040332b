import { CAR_FEATURES, featureBit, featureMask } from './car-features';

describe(featureMask.name, () => {
  const bit = (feature: string) => featureBit(feature) ?? 0;

  it('sets the bit of each known feature the options contain, in any case', () => {
    const mask = featureMask('Sunroof, HEATED SEATS, Apple CarPlay');
    expect(mask).toBe(bit('sunroof') | bit('heated seats') | bit('apple carplay'));
  });

  it('is a substring test, as contain is: "Panoramic Sunroof" and "Leather Seats" also contain "sunroof" and "leather"', () => {
    const mask = featureMask('Panoramic Sunroof; Leather Seats');
    expect(mask).toBe(bit('panoramic sunroof') | bit('sunroof') | bit('leather seats') | bit('leather'));
    expect(featureMask('Adaptive Cruise Control') & bit('cruise control')).not.toBe(0);
  });

  it('is 0 for no options, empty options or options with no known feature', () => {
    expect(featureMask(null)).toBe(0);
    expect(featureMask(undefined)).toBe(0);
    expect(featureMask('')).toBe(0);
    expect(featureMask('Heated Mirrors, Fog Lights')).toBe(0);
  });

  it('agrees with a case-insensitive substring test for every feature', () => {
    const options = 'Bluetooth, Backup Camera, Heated Steering Wheel, Tow Package, Roof Rack';
    for (const feature of CAR_FEATURES) {
      expect((featureMask(options) & bit(feature)) !== 0).toBe(options.toLowerCase().includes(feature));
    }
  });
});

describe(featureBit.name, () => {
  it('gives every known feature its own bit, in any case, and a positive 32-bit integer', () => {
    const bits = CAR_FEATURES.map((f) => featureBit(f.toUpperCase()));
    expect(new Set(bits).size).toBe(CAR_FEATURES.length);
    for (const b of bits) expect(b).toBeGreaterThan(0);
    expect(Math.max(...(bits as number[]))).toBeLessThan(2 ** 31);
  });

  it('is null for a value that is not a known feature', () => {
    expect(featureBit('heated')).toBeNull();
    expect(featureBit('sunroof ')).toBeNull();
  });
});
