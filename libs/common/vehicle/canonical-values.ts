import { BODY_TYPES, COLORS, DRIVE_TRAINS, FUEL_TYPES, TRANSMISSIONS } from './vehicle-types';

/**
 * Canonical values of the search vocabulary (search-vocabulary.md) derived from what dealers' feeds
 * write (`Quad Cab Pickup` -> Truck, `Oxford White` -> White, `4x4` -> 4WD). Pure and general: the
 * text is cut into words and the words decide, by rules of the vocabulary (colour words, body-style
 * words, drive and fuel words), never by phrases of one feed. null when the words say nothing usable.
 */

type BodyType = (typeof BODY_TYPES)[number];
type FuelType = (typeof FUEL_TYPES)[number];

type Color = (typeof COLORS)[number];

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

const has = (words: readonly string[], ...candidates: string[]) => candidates.some((c) => (c.includes(' ') ? hasPhrase(words, c) : words.includes(c)));

/** Pickup cab styles (`Crew Cab`, `SuperCab`, `Quad Cab`, `CrewMax`, `SuperCrew`, `Regular Cab`). */
const CAB = /^(?:crew|quad|double|king|club|access|mega|super|extended|ext|reg|regular|standard)?cab$/;

/**
 * Body style, by precedence: a convertible or a van says so whatever else the text says; a pickup
 * is known by its cab or bed words; `Sport Utility`/`crossover` is an SUV; `2dr Car` a coupe and
 * `4dr Car` a sedan (door counts decide only beside the word "car").
 */
export function canonicalBodyType(text: string | null): BodyType | null {
  if (text === null) return null;
  const w = wordsOf(text);
  if (w.length === 0) return null;
  if (has(w, 'convertible', 'cabriolet', 'cabrio', 'roadster', 'spyder', 'spider')) return 'Convertible';
  if (has(w, 'minivan', 'mini van')) return 'Minivan';
  if (has(w, 'van', 'vans')) return 'Van';
  if (has(w, 'pickup', 'pickups', 'pick up', 'truck', 'trucks', 'supercrew', 'crewmax', 'cab chassis') || w.some((x) => CAB.test(x))) return 'Truck';
  if (has(w, 'wagon', 'estate', 'sportwagen', 'avant')) return 'Wagon';
  if (has(w, 'hatchback', 'hatch', 'liftback')) return 'Hatchback';
  if (has(w, 'suv', 'suvs', 'sport utility', 'crossover', 'cuv')) return 'SUV';
  if (has(w, 'coupe', 'coupes')) return 'Coupe';
  if (has(w, 'sedan', 'sedans', 'saloon')) return 'Sedan';
  if (has(w, 'car', 'cars')) {
    if (has(w, '2dr', '2 door', 'two door', '2door', '3dr')) return 'Coupe';
    if (has(w, '4dr', '4 door', 'four door', '4door', '5dr')) return 'Sedan';
  }
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

/**
 * Drive train. `4x2` is RWD: the term is used for pickups and vans, which drive the rear wheels;
 * `2WD` says nothing usable (front-drive crossovers use it too), so it stays text.
 */
export function canonicalDriveTrain(text: string | null): (typeof DRIVE_TRAINS)[number] | null {
  if (text === null) return null;
  const w = wordsOf(text);
  if (has(w, '4x4', '4wd', 'four wheel drive', '4 wheel drive', 'fourwheel', '4wheel', 'four wheel', '4 wheel')) return '4WD';
  if (has(w, 'awd', 'all wheel drive', 'all wheel', 'allwheel', 'quattro', '4matic', 'xdrive', '4motion')) return 'AWD';
  if (has(w, 'fwd', 'front wheel drive', 'front wheel', 'frontwheel')) return 'FWD';
  if (has(w, 'rwd', 'rear wheel drive', 'rear wheel', 'rearwheel', '4x2')) return 'RWD';
  return null;
}

/** Fuel: `Flex Fuel`/`E85` burn gasoline; a hybrid that plugs in is a plug-in hybrid; gas other than gasoline stays text. */
export function canonicalFuelType(text: string | null): FuelType | null {
  if (text === null) return null;
  const w = wordsOf(text);
  if (has(w, 'plug in', 'plugin', 'phev')) return 'Plug-in Hybrid';
  if (has(w, 'hybrid', 'hev', 'mhev')) return 'Hybrid';
  if (has(w, 'electric', 'ev', 'bev', 'battery electric')) return 'Electric';
  if (has(w, 'diesel')) return 'Diesel';
  if (has(w, 'natural gas', 'cng', 'lpg', 'propane', 'hydrogen')) return null;
  if (has(w, 'gas', 'gasoline', 'petrol', 'unleaded', 'flex', 'e85', 'ffv')) return 'Gasoline';
  return null;
}

/** Transmission: automatics by their kinds (`CVT`, dual-clutch, `8-Speed Automatic`), else manual words. */
export function canonicalTransmission(text: string | null): (typeof TRANSMISSIONS)[number] | null {
  if (text === null) return null;
  const w = wordsOf(text);
  if (has(w, 'automatic', 'auto', 'cvt', 'ecvt', 'ivt', 'dct', 'dsg', 'pdk', 'tiptronic', 'steptronic', 'a t') || w.some((x) => /^\d+at$/.test(x))) return 'Automatic';
  if (has(w, 'manual', 'stick', 'standard', 'm t') || w.some((x) => /^\d*mt$/.test(x))) return 'Manual';
  return null;
}
