/**
 * The features search indexes: every value the rule-based translator emits for `contain options
 * <value>` (its lexicon's options, search-vocabulary.md: sunroof, leather, navigation, heated seats,
 * apple carplay, backup camera and the rest). Feature `i` is bit `1 << i` of a car's stored mask
 * (inventory_cars.feature_flags), set at upload iff its options text contains the value, compared
 * case-insensitively: exactly the vocabulary's `contain`, so search tests the bit instead of
 * scanning the text. Any other value is still a substring test of `options`.
 *
 * Append only, at most 31. Changing a value, its position or adding one changes what stored masks
 * mean: it needs a migration that recomputes feature_flags for every row (as
 * 1763885000000-inventory-feature-flags does), in both migration folders.
 */
export const CAR_FEATURES = [
  'sunroof',
  'panoramic sunroof',
  'leather',
  'leather seats',
  'navigation',
  'heated seats',
  'heated steering wheel',
  'apple carplay',
  'android auto',
  'backup camera',
  'bluetooth',
  'keyless entry',
  'adaptive cruise control',
  'cruise control',
  'ventilated seats',
  'blind spot',
  'remote start',
  'tow package',
  'bed liner',
  'wireless charging',
  'power liftgate',
  'premium audio',
  'roof rack',
] as const;

const BITS: ReadonlyMap<string, number> = new Map(CAR_FEATURES.map((feature, i) => [feature, 1 << i]));

/** The bit of a known feature (any case), or null when `value` is not one of CAR_FEATURES. */
export function featureBit(value: string): number | null {
  return BITS.get(value.toLowerCase()) ?? null;
}

/** The mask of the known features an options text contains (case-insensitive substrings); 0 for none. */
export function featureMask(options: string | null | undefined): number {
  if (!options) return 0;
  const text = options.toLowerCase();
  let mask = 0;
  for (const [feature, bit] of BITS) if (text.includes(feature)) mask |= bit;
  return mask;
}
