/**
 * The fixed vocabulary of the rule-based translator, main part: phrases for body types, colors,
 * fuels, options, conditions, cue words, links, identifiers, negation and filler (sort words come
 * from sort-words.ts). Comparators and units are in comparator-lexicon.ts, name slang and ordinary
 * English words in name-lexicon.ts. Names of manufacturers, models and trims come at run time
 * (name-index.ts).
 *
 * Phrases are written as lower-case words separated by spaces; the tokenizer splits the query
 * the same way (hyphens become word breaks, so "all-wheel drive" matches "all wheel drive").
 */
import {
  BODY_TYPE_WORDS, CERTIFIED_WORDS, COLOR_WORDS, CONDITION_WORDS, DRIVE_TRAIN_WORDS, FUEL_TYPE_WORDS, OTHER_GAS_WORDS, TRANSMISSION_WORDS,
  ValueWords,
} from '../../../../../libs/common/vehicle/canonical-values';
import type { SortKey } from '../../../../../libs/common/vehicle/car-attributes';
import type { Comparator, FilterValue, ScalarValue } from '../../../../../libs/common/vehicle/filter-expression';
import { CAPABILITY_PHRASES } from './capability-words';
import { SORT_WORDS } from './sort-words';

export interface CondSpec {
  readonly attribute: string;
  readonly comparator: Comparator;
  readonly value: FilterValue;
}

export type CueAttribute =
  | 'price'
  | 'kilometers'
  | 'miles'
  | 'horse_power'
  | 'seats'
  /** "room for 5": seats, at least that many. */
  | 'capacity'
  | 'doors'
  | 'lease'
  | 'finance'
  /** "payments": the lease payment when "lease" is near, else the finance payment. */
  | 'monthly'
  | 'year'
  /** Fuel economy ("city" near it: the city figure). */
  | 'mpg';

export type LexEntry =
  /** A condition (or several and-ed ones); `negated` overrides the generic negation. */
  | { readonly k: 'cond'; readonly attr: string; readonly conds: readonly CondSpec[]; readonly negated?: readonly CondSpec[] }
  | { readonly k: 'sort'; readonly sort: SortKey }
  | { readonly k: 'neg' }
  | { readonly k: 'cue'; readonly attr: CueAttribute }
  | { readonly k: 'link'; readonly link: 'or' | 'and' | 'boundary' }
  | { readonly k: 'weak' }
  | { readonly k: 'stock' }
  | { readonly k: 'vin' }
  | { readonly k: 'trimCue' }
  /** Age in words against the clock (capability-words.ts): `recent` = newer cars, else older ones. */
  | { readonly k: 'age'; readonly recent: boolean };

/** A phrase as the tokenizer splits a query: lower case, hyphens as word breaks, single spaces. */
export const phraseKey = (p: string): string => p.toLowerCase().replace(/-/g, ' ').trim().split(/\s+/).join(' ');

const cond = (attribute: string, comparator: Comparator, value: ScalarValue): CondSpec => ({ attribute, comparator, value });

// ---------------------------------------------------------------- main lexicon

const MAIN = new Map<string, LexEntry>();
let maxMainSpan = 1;

function add(phrases: readonly string[], entry: LexEntry): void {
  for (const p of phrases) {
    const key = phraseKey(p);
    MAIN.set(key, entry);
    maxMainSpan = Math.max(maxMainSpan, key.split(' ').length);
  }
}

function value(attr: string, phrases: readonly string[], v: ScalarValue, comparator: Comparator = 'eq'): void {
  add(phrases, { k: 'cond', attr, conds: [cond(attr, comparator, v)] });
}

// body types, fuels, transmissions and drive trains: the words dealers' feeds use too (one table each)
const VALUE_WORDS: readonly (readonly [string, ValueWords<string>])[] = [
  ['type', BODY_TYPE_WORDS], ['fuel_type', FUEL_TYPE_WORDS], ['transmission', TRANSMISSION_WORDS], ['drive_train', DRIVE_TRAIN_WORDS],
];
for (const [attr, table] of VALUE_WORDS) for (const [canonical, phrases] of table) value(attr, phrases, canonical);
add(OTHER_GAS_WORDS, { k: 'weak' }); // "natural gas" is not gasoline, and no fuel the vocabulary has

// condition and certification: the words dealers' feeds use too (one table each)
for (const [condition, phrases] of CONDITION_WORDS) value('condition', phrases, condition);
add(CERTIFIED_WORDS, {
  k: 'cond',
  attr: 'certified',
  conds: [cond('certified', 'eq', true), cond('condition', 'eq', 'used')],
  negated: [cond('certified', 'eq', false)],
});
add(['non certified', 'uncertified', 'not certified'], { k: 'cond', attr: 'certified', conds: [cond('certified', 'eq', false)], negated: [cond('certified', 'eq', true)] });

// colors: the words dealers' feeds use too (one table)
for (const [word, color] of Object.entries(COLOR_WORDS)) value('color', [word], color);

// seats (third row)
value('seats', ['third row', '3rd row', 'third row seating', '3rd row seating', 'third row seat', '3rd row seat', 'third row seats', '3rd row seats', 'three row', 'three rows', '3 row', '3 rows', 'three row seating', '3 row seating'], 7, 'gte');

// mileage words
value('kilometers', ['low mileage', 'low miles', 'low km', 'low kms', 'low kilometers', 'low kilometres', 'low odometer', 'lightly driven', 'barely driven'], 50000, 'lt');

// options (contain)
const OPTIONS: Record<string, readonly string[]> = {
  'sunroof': ['sunroof', 'sunroofs', 'sun roof', 'moonroof', 'moon roof'],
  'panoramic sunroof': ['panoramic sunroof', 'panoramic roof', 'panoramic moonroof', 'pano roof', 'panoramic sun roof'],
  'leather': ['leather', 'leather interior', 'leather upholstery'],
  'leather seats': ['leather seats', 'leather seat', 'leather seating'],
  'navigation': ['navigation', 'nav', 'navi', 'gps', 'navigation system', 'nav system', 'built in navigation', 'built in nav', 'sat nav'],
  'heated seats': ['heated seats', 'heated seat', 'seat heaters', 'heated front seats', 'heated seating'],
  'heated steering wheel': ['heated steering wheel', 'heated wheel', 'heated steering'],
  'apple carplay': ['apple carplay', 'carplay', 'car play', 'apple car play'],
  'android auto': ['android auto'],
  'backup camera': ['backup camera', 'backup cam', 'back up camera', 'back up cam', 'rear camera', 'rearview camera', 'rear view camera', 'reverse camera', 'reversing camera', 'backup cameras'],
  'bluetooth': ['bluetooth'],
  'keyless entry': ['keyless entry', 'keyless', 'keyless start', 'push button start'],
  'adaptive cruise control': ['adaptive cruise control', 'adaptive cruise', 'radar cruise'],
  'cruise control': ['cruise control'],
  'ventilated seats': ['ventilated seats', 'cooled seats', 'ventilated seat', 'cooled seat'],
  'blind spot': ['blind spot monitoring', 'blind spot', 'blind spot monitor', 'blind spot detection', 'blind spot warning'],
  'remote start': ['remote start', 'remote starter', 'remote engine start'],
  'bed liner': ['bed liner', 'bedliner'],
  'wireless charging': ['wireless charging', 'wireless charger', 'wireless phone charging'],
  'power liftgate': ['power liftgate', 'power tailgate', 'power hatch'],
  'premium audio': ['premium audio', 'premium sound', 'premium stereo', 'premium sound system'],
  'roof rack': ['roof rack', 'roof racks', 'roof rails'],
};
for (const [feature, phrases] of Object.entries(OPTIONS)) value('options', phrases, feature, 'contain');
add(['heated leather seats', 'heated leather seat', 'heated leather seating'], {
  k: 'cond',
  attr: 'options',
  conds: [cond('options', 'contain', 'heated seats'), cond('options', 'contain', 'leather seats')],
});

// accidents
add(['accident', 'accidents', 'accident reported', 'reported accident', 'reported accidents', 'accident history', 'accidents reported', 'accident damage', 'prior accident', 'previous accident'], {
  k: 'cond',
  attr: 'accident',
  conds: [cond('accident', 'eq', true)],
});
add(['accident free', 'accidentfree', 'clean history', 'clean carfax', 'clean record', 'clean title', 'clean vehicle history', 'clean accident history', 'zero accidents', 'no accident history', 'clean car fax', 'clean report'], {
  k: 'cond',
  attr: 'accident',
  conds: [cond('accident', 'eq', false)],
  negated: [cond('accident', 'eq', true)],
});

// sort words (sort-words.ts)
for (const [sort, phrases] of SORT_WORDS) add(phrases, { k: 'sort', sort });

// negation
add(['not', 'no', 'except', 'excluding', 'exclude', 'anything but', 'anything except', 'other than', 'besides', 'without', 'but not', 'non', 'never', 'neither', 'avoid', 'none', 'except for', 'apart from', 'not a', 'nothing', 'everything but', 'everything except', 'minus', 'aside from', 'dont want', 'not interested in', 'no more', 'free of'], { k: 'neg' });

// cue words before numbers
add(['price', 'prices', 'priced', 'cost', 'costs', 'costing', 'budget', 'price range', 'msrp', 'sticker', 'asking', 'asking price', 'price tag', 'sticker price', 'my budget', 'budget of'], { k: 'cue', attr: 'price' });
add(['mileage', 'odometer', 'odo', 'kilometers', 'kilometres', 'km', 'kms', 'mileage of'], { k: 'cue', attr: 'kilometers' });
add(['miles'], { k: 'cue', attr: 'miles' });
add(['hp', 'horsepower', 'horse power', 'power', 'bhp', 'engine power', 'output'], { k: 'cue', attr: 'horse_power' });
add(['seats', 'seating', 'seat', 'seating for', 'seats for', 'seating capacity', 'passengers', 'passenger'], { k: 'cue', attr: 'seats' });
add(['room for', 'space for', 'enough room for', 'enough space for', 'fits', 'fit', 'that fits', 'holds', 'carries', 'seats up to'], { k: 'cue', attr: 'capacity' });
add(['doors', 'door count'], { k: 'cue', attr: 'doors' });
add(['lease', 'leasing', 'lease payment', 'lease payments', 'monthly lease', 'monthly lease payment', 'lease price', 'lease for', 'lease deal', 'leased'], { k: 'cue', attr: 'lease' });
add(['finance', 'financing', 'finance payment', 'finance payments', 'monthly finance payment', 'loan payment', 'loan payments', 'financed', 'loan', 'finance for', 'financing for'], { k: 'cue', attr: 'finance' });
add(['payment', 'payments', 'monthly payment', 'monthly payments', 'monthly', 'per month payment'], { k: 'cue', attr: 'monthly' });
add(['year', 'model year', 'model years', 'year model'], { k: 'cue', attr: 'year' });
add(['mpg', 'fuel economy', 'fuel efficiency', 'gas mileage', 'fuel mileage', 'miles per gallon', 'highway mpg', 'hwy mpg', 'city mpg', 'mpg city', 'mpg highway'], { k: 'cue', attr: 'mpg' });
// what a car does: fuel economy, towing, age (capability-words.ts)
for (const [phrases, entry] of CAPABILITY_PHRASES) add(phrases, entry);

// connectors
add(['or', 'or maybe', 'or else', 'and or', 'nor', 'otherwise', 'alternatively', 'versus', 'vs'], { k: 'link', link: 'or' });
add(['and', 'plus', 'also', 'as well as', 'along with', 'with', 'that has', 'that have', 'having', 'has', 'have', 'featuring', 'equipped with', 'includes', 'including', 'while', 'w'], { k: 'link', link: 'and' });
add(['but', 'however', 'though', 'although'], { k: 'link', link: 'boundary' });

// identifiers
add(['stock', 'stock number', 'stock no', 'stock num', 'stock nr', 'stk', 'stock id', 'stock #', 'stocknumber', 'stock code'], { k: 'stock' });
add(['vin', 'vin number', 'vin no', 'vin #', 'vehicle identification number'], { k: 'vin' });

add(['trim', 'trim level', 'trims', 'package', 'edition'], { k: 'trimCue' });

// filler (no meaning, and transparent to negation and lists)
add([
  'a', 'an', 'the', 'any', 'some', 'all', 'me', 'my', 'i', 'im', 'ive', 'id', 'we', 'us', 'you', 'your', 'show', 'shows', 'showing', 'find', 'get',
  'give', 'see', 'want', 'wanted', 'need', 'needs', 'looking', 'look', 'search', 'searching', 'for', 'of', 'in', 'on', 'at', 'to', 'from', 'by',
  'car', 'cars', 'vehicle', 'vehicles', 'autos', 'automobile', 'automobiles', 'ride', 'rides', 'one', 'ones', 'model', 'models', 'make', 'makes',
  'please', 'pls', 'plz', 'is', 'are', 'be', 'been', 'being', 'was', 'were', 'had', 'it', 'its', 'that', 'which', 'who', 'there', 'theres',
  'what', 'whats', 'available', 'inventory', 'do', 'does', 'did', 'got', 'just', 'only', 'really', 'very', 'something', 'anything', 'everything',
  'kind', 'type', 'types', 'body', 'body type', 'body style', 'style', 'color', 'colour', 'colored', 'coloured', 'fuel', 'fuel type', 'engine', 'drive', 'drivetrain',
  'drive train', 'transmission', 'trans', 'gearbox', 'brand', 'manufacturer', 'condition', 'options', 'option', 'features', 'feature',
  'equipped', 'loaded', 'sale', 'for sale', 'buy', 'purchase', 'either', 'like', 'prefer', 'preferably', 'ideally', 'would', 'could', 'can',
  'can i', 'do you', 'you have', 'have you', 'got any', 'around here', 'lot', 'on the lot', 'currently', 'now', 'today', 'right now', 'this',
  'these', 'those', 'them', 'they', 'with a', 'with an', 'that is', 'that are', 'which is', 'which are', 'ones that', 'in stock', 'stocked',
  'listings', 'listing', 'deals', 'deal', 'offers', 'options available', 'selection', 'list', 'hey', 'hi', 'hello', 'thanks', 'thank', 'so', 'too',
  'something with', 'interested', 'interested in', 'maybe', 'perhaps', 'possibly', 'if possible', 'ideally', 'must', 'should', 'has to', 'have to',
  'needs to', 'must have', 'must be', 'want a', 'go', 'going', 'exterior', 'interior', 'paint', 'finish', 'shade', 'dark', 'light', 'bright', 'metallic',
  'pearl', 'matte', 'cheap', 'affordable', 'inexpensive', 'reliable', 'family', 'nice', 'good', 'great', 'decent', 'used to', 'quality', 'dealer',
  'dealership', 'seller', 'near me', 'nearby', 'local', 'here', 'vehicle type', 'whatever', 'sorted', 'sort', 'order', 'ordered', 'first', 'shown',
  'ranked', 'by price', 'list them', 'will', 'shall', 'let', 'lets', 'see what', 'know', 'tell', 'view', 'browse', 'compare', 'check', 'out',
], { k: 'weak' });
// "with a"/"and" are links; filler entries above that collide keep the earlier meaning:
add(['with', 'with a', 'with an', 'w'], { k: 'link', link: 'and' });

add(['like new', 'as new', 'nearly new', 'almost new', 'new to me', 'new looking'], { k: 'weak' });

export const MAIN_LEXICON: ReadonlyMap<string, LexEntry> = MAIN;
export const MAX_MAIN_SPAN = maxMainSpan;
