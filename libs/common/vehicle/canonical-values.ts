import { BODY_TYPES, COLORS, DRIVE_TRAINS, FUEL_TYPES, TRANSMISSIONS } from './vehicle-types';

/**
 * Canonical values of the search vocabulary (search-vocabulary.md) derived from what dealers' feeds
 * write (`Quad Cab Pickup` -> Truck, `Oxford White` -> White, `4x4` -> 4WD). Pure and general: the
 * text is cut into words and the words decide, by rules of the vocabulary (colour words, body-style
 * words, drive and fuel words), never by phrases of one feed. null when the words say nothing usable.
 */

type BodyType = (typeof BODY_TYPES)[number];
type FuelType = (typeof FUEL_TYPES)[number];
type DriveTrain = (typeof DRIVE_TRAINS)[number];
type Transmission = (typeof TRANSMISSIONS)[number];
type Color = (typeof COLORS)[number];

/**
 * Words and phrases (lower case, words separated by single spaces) that name one canonical value,
 * said by a dealer's feed or by a shopper: one table for both, like COLOR_WORDS, so a word the
 * upload understands ("4Motion", "Liftback", "Tiptronic") is one search understands too. A feed's
 * text is read against the entries in their order (the first that occurs decides); the search
 * translator's lexicon adds every phrase as it is, beside phrasings of its own.
 */
export type ValueWords<T extends string> = readonly (readonly [T, readonly string[]])[];

/** Body words, by precedence: a convertible or a van says so whatever else the text says. */
export const BODY_TYPE_WORDS: ValueWords<BodyType> = [
  ['Convertible', ['convertible', 'convertibles', 'cabriolet', 'cabriolets', 'cabrio', 'drop top', 'droptop', 'drop tops', 'ragtop']],
  ['Minivan', ['minivan', 'minivans', 'mini van', 'mini vans']],
  ['Van', ['van', 'vans', 'cargo van', 'cargo vans', 'passenger van', 'passenger vans', 'work van']],
  ['Truck', [
    'truck', 'trucks', 'pickup', 'pickups', 'pick up', 'pick ups', 'pickup truck', 'pickup trucks', 'pick up truck', 'pick up trucks',
    // cab styles: a body style, also in a query ("ram 1500 crew cab" is not the trim Crew)
    'crew cab', 'quad cab', 'double cab', 'king cab', 'extended cab', 'regular cab', 'supercrew', 'supercab', 'crewmax', 'cab chassis',
  ]],
  ['Wagon', ['wagon', 'wagons', 'station wagon', 'station wagons', 'estate', 'estates']],
  ['Hatchback', ['hatchback', 'hatchbacks', 'hatch', 'hatches', 'liftback', 'liftbacks']],
  ['SUV', ['suv', 'suvs', 'crossover', 'crossovers', 'cuv', 'cuvs', 'sport utility', 'sport utility vehicle', 'sport utility vehicles', 'crossover suv', 'crossover suvs']],
  ['Coupe', ['coupe', 'coupes']],
  ['Sedan', ['sedan', 'sedans', 'saloon', 'saloons']],
];

/** Drive words: `4x2` is RWD, the term of pickups and vans, which drive the rear wheels. */
export const DRIVE_TRAIN_WORDS: ValueWords<DriveTrain> = [
  ['4WD', ['4wd', '4x4', '4x4s', 'four wheel drive', '4 wheel drive', 'fourwheel drive', 'fourwheel', '4wheel', 'four wheel', '4 wheel', '4 by 4', 'four by four']],
  ['AWD', ['awd', 'all wheel drive', 'all wheel', 'allwheel drive', 'allwheel', 'allwheeldrive', 'quattro', '4matic', 'xdrive', '4motion']],
  ['FWD', ['fwd', 'front wheel drive', 'front wheel', 'frontwheel drive', 'frontwheel']],
  ['RWD', ['rwd', 'rear wheel drive', 'rear wheel', 'rearwheel drive', 'rearwheel', '4x2']],
];

/** Fuel words: a hybrid that plugs in is a plug-in hybrid; `E85` and flex fuel burn gasoline. */
export const FUEL_TYPE_WORDS: ValueWords<FuelType> = [
  ['Plug-in Hybrid', ['plug in hybrid', 'plug in hybrids', 'plugin hybrid', 'plugin hybrids', 'phev', 'phevs', 'plug in', 'plugin', 'plug in electric hybrid']],
  ['Hybrid', ['hybrid', 'hybrids', 'hybrid electric', 'mild hybrid']],
  ['Electric', [
    'electric', 'electrics', 'ev', 'evs', 'bev', 'bevs', 'battery electric', 'all electric', 'fully electric', 'electric vehicle',
    'electric vehicles', 'electric car', 'electric cars', 'zero emission',
  ]],
  ['Diesel', ['diesel', 'diesels', 'turbo diesel', 'turbodiesel']],
  ['Gasoline', ['gas', 'gasoline', 'petrol', 'gas powered', 'gasoline powered', 'unleaded', 'flex fuel', 'e85', 'ffv']],
];

/** Gases other than gasoline: no canonical fuel (and not "gas"), in a feed or a query. */
export const OTHER_GAS_WORDS: readonly string[] = ['natural gas', 'cng', 'lpg', 'propane', 'hydrogen'];

/** Transmission words: automatics by their kinds (CVT, dual-clutch, the makers' names), then manual ones. */
export const TRANSMISSION_WORDS: ValueWords<Transmission> = [
  ['Automatic', [
    'automatic', 'automatics', 'auto', 'automatic transmission', 'auto transmission', 'auto trans', 'self shifting', 'cvt', 'ecvt', 'ivt',
    'dct', 'dual clutch', 'dsg', 'pdk', 'tiptronic', 'steptronic',
  ]],
  ['Manual', [
    'manual', 'manuals', 'stick', 'stick shift', 'stick shifts', 'stickshift', 'standard transmission', 'manual transmission',
    'manual gearbox', 'manual trans', 'three pedals',
  ]],
];

/** Lower-case words (letters and digits; `4x4`, `2dr`, `e85` stay whole). */
function wordsOf(text: string): string[] {
  return text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^a-z0-9]+/).filter((w) => w !== '');
}

/** True when `phrase` (space-separated words) occurs as consecutive words. */
function hasPhrase(words: readonly string[], phrase: string): boolean {
  const parts = phrase.split(' ');
  outer: for (let i = 0; i + parts.length <= words.length; i++) {
    for (let j = 0; j < parts.length; j++) if (words[i + j] !== parts[j]) continue outer;
    return true;
  }
  return false;
}

const has = (words: readonly string[], ...candidates: readonly string[]) => candidates.some((c) => (c.includes(' ') ? hasPhrase(words, c) : words.includes(c)));

/** What only feeds write for a value, beside the table's words (in a shopper's words these mean something else). */
type FeedOnly<T extends string> = Partial<Record<T, (words: readonly string[]) => boolean>>;

/** The value of the first entry of `table` whose words, or feed-only forms, occur in `words`. */
function firstNamed<T extends string>(table: ValueWords<T>, words: readonly string[], feedOnly: FeedOnly<T> = {}): T | null {
  for (const [value, phrases] of table) if (has(words, ...phrases) || feedOnly[value]?.(words)) return value;
  return null;
}

/** Pickup cab styles written as one word (`CrewCab`, `SuperCab`, `RegCab`) or `Cab` alone. */
const CAB = /^(?:crew|quad|double|king|club|access|mega|super|extended|ext|reg|regular|standard)?cab$/;

const BODY_FEED_ONLY: FeedOnly<BodyType> = {
  Convertible: (w) => has(w, 'roadster', 'spyder', 'spider'), // a shopper's "roadster", "spyder" name models
  Truck: (w) => w.some((x) => CAB.test(x)),
  Wagon: (w) => has(w, 'sportwagen', 'avant'),
};

/**
 * Body style by the table's precedence and the feeds' own forms; door counts decide only beside the
 * word "car" (`2dr Car` a coupe, `4dr Car` a sedan).
 */
export function canonicalBodyType(text: string | null): BodyType | null {
  if (text === null) return null;
  const w = wordsOf(text);
  const named = firstNamed(BODY_TYPE_WORDS, w, BODY_FEED_ONLY);
  if (named || !has(w, 'car', 'cars')) return named;
  if (has(w, '2dr', '2 door', 'two door', '2door', '3dr')) return 'Coupe';
  if (has(w, '4dr', '4 door', 'four door', '4door', '5dr')) return 'Sedan';
  return null;
}

/**
 * Colour words, each to its canonical colour: the canonical names and widely used others. One table
 * for dealers' feeds (here) and shoppers' queries (the search translator's lexicon).
 */
export const COLOR_WORDS: Readonly<Record<string, Color>> = {
  grey: 'Gray', charcoal: 'Gray', graphite: 'Gray', gunmetal: 'Gray',
  ebony: 'Black', onyx: 'Black', obsidian: 'Black', jet: 'Black',
  ivory: 'White',
  navy: 'Blue', azure: 'Blue', cobalt: 'Blue', sapphire: 'Blue', indigo: 'Blue',
  maroon: 'Red', burgundy: 'Red', crimson: 'Red', scarlet: 'Red', ruby: 'Red', cherry: 'Red',
  olive: 'Green', emerald: 'Green', lime: 'Green',
  bronze: 'Brown', mocha: 'Brown', chocolate: 'Brown', espresso: 'Brown',
  tan: 'Beige', sand: 'Beige', khaki: 'Beige', cream: 'Beige', taupe: 'Beige',
  champagne: 'Gold', golden: 'Gold',
  violet: 'Purple', plum: 'Purple', lavender: 'Purple',
  ...Object.fromEntries(COLORS.map((c) => [c.toLowerCase(), c])),
};

/**
 * Exterior colour: manufacturers name a colour as modifiers before a colour word (`Oxford White`,
 * `Magnetite Gray Metallic`, `Midnight Blue`), so the last colour word of the first part decides;
 * a two-tone (`Black/Red`, `White w/ Black Roof`, `Red and White`) is its first colour.
 */
export function canonicalColor(text: string | null): Color | null {
  if (text === null) return null;
  const first = text.toLowerCase().split(/\/|,|&|\+|\b(?:with|w|and|over|on)\b/)[0] ?? '';
  let found: Color | null = null;
  for (const word of wordsOf(first)) found = COLOR_WORDS[word] ?? found;
  return found;
}

/** A stored colour when it is one of the canonical colours (search rows show no other), else null. */
export function asCanonicalColor(value: string | null): Color | null {
  if (value === null) return null;
  return COLORS.find((c) => c.toLowerCase() === value.trim().toLowerCase()) ?? null;
}

/** Drive train by the table; `2WD` says nothing usable (front-drive crossovers use it too), so it stays text. */
export function canonicalDriveTrain(text: string | null): DriveTrain | null {
  return text === null ? null : firstNamed(DRIVE_TRAIN_WORDS, wordsOf(text));
}

/** Fuel by the table and feeds' own codes (`HEV`, `Flex`); gas other than gasoline stays text. */
export function canonicalFuelType(text: string | null): FuelType | null {
  if (text === null) return null;
  const w = wordsOf(text);
  // Feeds' codes that a query would misread: "flex" is Ford's model, "hev" a typo of "have".
  const named = firstNamed(FUEL_TYPE_WORDS, w, { Hybrid: (x) => has(x, 'hev', 'mhev'), Gasoline: (x) => has(x, 'flex') });
  return named === 'Gasoline' && has(w, ...OTHER_GAS_WORDS) ? null : named;
}

/** Transmission by the table and the feeds' abbreviations (`A/T`, `6AT`; `M/T`, `6MT`, `Standard`). */
export function canonicalTransmission(text: string | null): Transmission | null {
  return text === null ? null : firstNamed(TRANSMISSION_WORDS, wordsOf(text), {
    Automatic: (w) => has(w, 'a t') || w.some((x) => /^\d+at$/.test(x)),
    Manual: (w) => has(w, 'standard', 'm t') || w.some((x) => /^\d*mt$/.test(x)),
  });
}

type Condition = 'new' | 'used';

/**
 * Condition words, said by a feed's condition column or by a shopper: one table for both, so a
 * feed's "Second Hand" lands as a query's "second hand" reads. Phrases as in the other tables.
 */
export const CONDITION_WORDS: ValueWords<Condition> = [
  ['new', ['new', 'brand new', 'new cars']],
  ['used', ['used', 'pre owned', 'preowned', 'second hand', 'secondhand', '2nd hand', 'previously owned', 'used cars']],
];

/** Words of a certified pre-owned car, which is used (a feed's condition "CPO", a shopper's "certified"). */
export const CERTIFIED_WORDS: readonly string[] = [
  'certified', 'cpo', 'certified pre owned', 'certified preowned', 'certified used', 'certified second hand', 'certified pre loved',
];

/** One-letter codes only feeds write in a condition column (in a query "u" and "n" are no condition). */
const CONDITION_CODES: Readonly<Record<string, Condition>> = { u: 'used', n: 'new' };

/** The words of a condition value as the tables write them ("Pre-Owned" -> "pre owned"). */
const conditionKey = (text: string): string => wordsOf(text).join(' ');

/**
 * A feed's condition value by the tables (the whole value is one phrase, not a text to search):
 * new, used (certified words too), or null when it names neither.
 */
export function canonicalCondition(text: string): Condition | null {
  const key = conditionKey(text);
  if (CERTIFIED_WORDS.includes(key)) return 'used';
  return CONDITION_WORDS.find(([, phrases]) => phrases.includes(key))?.[0] ?? CONDITION_CODES[key] ?? null;
}

/** Whether a feed's condition value says certified pre-owned ("CPO", "Certified Pre-Owned"). */
export function saysCertified(text: string): boolean {
  return CERTIFIED_WORDS.includes(conditionKey(text));
}
