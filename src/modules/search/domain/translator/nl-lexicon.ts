/**
 * The fixed vocabulary of the rule-based translator: phrases for body types, colors, fuels,
 * options, conditions, comparators, units, sort words, negation and filler. Names of
 * manufacturers, models and trims are not here: they come at run time (nl-translator.ts).
 *
 * Phrases are written as lower-case words separated by spaces; the tokenizer splits the query
 * the same way (hyphens become word breaks, so "all-wheel drive" matches "all wheel drive").
 */
import type { SortKey } from '../../../../../libs/common/vehicle/car-attributes';
import type { Comparator, FilterValue, ScalarValue } from '../../../../../libs/common/vehicle/filter-expression';

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
  | 'doors'
  | 'lease'
  | 'finance'
  /** "payments": the lease payment when "lease" is near, else the finance payment. */
  | 'monthly'
  | 'year';

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
  | { readonly k: 'trimCue' };

export type LeadingComparator = 'lt' | 'lte' | 'gt' | 'gte' | 'around' | 'between' | 'from';
export type TrailingComparator = 'lt' | 'lte' | 'gt' | 'gte' | 'around';

export interface ComparatorEntry<C> {
  readonly cmp: C;
  /** Only meaningful for model years ("newer than", "or later"). */
  readonly year?: boolean;
}

/** `other`: a unit the vocabulary has no attribute for (lbs, seconds, mpg, years old): the number is ignored. */
export type Unit = 'km' | 'miles' | 'hp' | 'seats' | 'doors' | 'month' | 'dollars' | 'other';

const phraseKey = (p: string): string => p.toLowerCase().replace(/-/g, ' ').trim().split(/\s+/).join(' ');

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

// body types
value('type', ['suv', 'suvs', 'crossover', 'crossovers', 'cuv', 'cuvs', 'sport utility', 'sport utility vehicle', 'sport utility vehicles', 'crossover suv', 'crossover suvs'], 'SUV');
value('type', ['sedan', 'sedans', 'saloon', 'saloons'], 'Sedan');
value('type', ['truck', 'trucks', 'pickup', 'pickups', 'pick up', 'pick ups', 'pickup truck', 'pickup trucks', 'pick up truck', 'pick up trucks'], 'Truck');
value('type', ['coupe', 'coupes'], 'Coupe');
value('type', ['hatchback', 'hatchbacks', 'hatch', 'hatches'], 'Hatchback');
value('type', ['minivan', 'minivans', 'mini van', 'mini vans'], 'Minivan');
value('type', ['convertible', 'convertibles', 'cabriolet', 'cabriolets', 'cabrio', 'drop top', 'droptop', 'drop tops', 'ragtop'], 'Convertible');
value('type', ['wagon', 'wagons', 'station wagon', 'station wagons', 'estate', 'estates'], 'Wagon');
value('type', ['van', 'vans', 'cargo van', 'cargo vans', 'passenger van', 'passenger vans', 'work van'], 'Van');

// condition and certification
value('condition', ['new', 'brand new', 'new cars'], 'new');
value('condition', ['used', 'pre owned', 'preowned', 'second hand', 'secondhand', '2nd hand', 'previously owned', 'used cars'], 'used');
add(['certified', 'cpo', 'certified pre owned', 'certified preowned', 'certified used', 'certified second hand', 'certified pre loved'], {
  k: 'cond',
  attr: 'certified',
  conds: [cond('certified', 'eq', true), cond('condition', 'eq', 'used')],
  negated: [cond('certified', 'eq', false)],
});
add(['non certified', 'uncertified', 'not certified'], { k: 'cond', attr: 'certified', conds: [cond('certified', 'eq', false)], negated: [cond('certified', 'eq', true)] });

// colors
const COLOR_WORDS: Record<string, readonly string[]> = {
  Black: ['black'],
  White: ['white'],
  Silver: ['silver'],
  Gray: ['gray', 'grey'],
  Red: ['red', 'maroon', 'burgundy'],
  Blue: ['blue', 'navy'],
  Green: ['green'],
  Brown: ['brown'],
  Beige: ['beige', 'tan'],
  Gold: ['gold', 'golden'],
  Orange: ['orange'],
  Yellow: ['yellow'],
  Purple: ['purple', 'violet'],
};
for (const [color, words] of Object.entries(COLOR_WORDS)) value('color', words, color);

// fuel
value('fuel_type', ['gas', 'gasoline', 'petrol', 'gas powered', 'gasoline powered', 'unleaded'], 'Gasoline');
value('fuel_type', ['diesel', 'diesels', 'turbo diesel', 'turbodiesel'], 'Diesel');
value('fuel_type', ['hybrid', 'hybrids', 'hybrid electric'], 'Hybrid');
value('fuel_type', ['plug in hybrid', 'plug in hybrids', 'plugin hybrid', 'plugin hybrids', 'phev', 'phevs', 'plug in', 'plugin', 'plug in electric hybrid'], 'Plug-in Hybrid');
value('fuel_type', ['electric', 'electrics', 'ev', 'evs', 'bev', 'bevs', 'battery electric', 'all electric', 'fully electric', 'electric vehicle', 'electric vehicles', 'electric car', 'electric cars', 'zero emission'], 'Electric');

// transmission
value('transmission', ['automatic', 'automatics', 'auto', 'automatic transmission', 'auto transmission', 'auto trans', 'cvt', 'self shifting'], 'Automatic');
value('transmission', ['manual', 'manuals', 'stick', 'stick shift', 'stickshift', 'standard transmission', 'manual transmission', 'manual gearbox', 'stick shifts', 'three pedals', 'manual trans'], 'Manual');

// drive train
value('drive_train', ['awd', 'all wheel drive', 'all wheel', 'allwheel drive', 'allwheeldrive', 'quattro', '4matic', 'xdrive'], 'AWD');
value('drive_train', ['4wd', '4x4', '4x4s', '4 wheel drive', 'four wheel drive', 'fourwheel drive', '4 by 4', 'four by four', 'four wheel', '4 wheel'], '4WD');
value('drive_train', ['fwd', 'front wheel drive', 'front wheel', 'frontwheel drive'], 'FWD');
value('drive_train', ['rwd', 'rear wheel drive', 'rear wheel', 'rearwheel drive'], 'RWD');

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
  'tow package': ['tow package', 'towing package', 'tow hitch', 'trailer hitch', 'tow pkg'],
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

// sort words
add(['cheapest', 'cheapest first', 'least expensive', 'lowest price', 'lowest priced', 'lowest prices', 'price low to high', 'low to high', 'most affordable', 'sort by price', 'sorted by price', 'order by price', 'lowest cost'], { k: 'sort', sort: 'price_asc' });
add(['most expensive', 'priciest', 'highest price', 'highest priced', 'price high to low', 'high to low', 'most expensive first'], { k: 'sort', sort: 'price_desc' });
add(['newest', 'newest first', 'latest', 'most recent', 'newest ones', 'sort by year', 'latest models', 'latest model'], { k: 'sort', sort: 'year_desc' });
add(['oldest', 'oldest first'], { k: 'sort', sort: 'year_asc' });
add(['lowest mileage', 'least mileage', 'lowest miles', 'fewest miles', 'least miles', 'lowest km', 'lowest kms', 'fewest km', 'fewest kms', 'least km', 'lowest kilometers', 'fewest kilometers', 'least kilometers', 'lowest odometer', 'sort by mileage', 'least driven', 'lowest kilometres', 'fewest kilometres'], { k: 'sort', sort: 'kilometers_asc' });

// negation
add(['not', 'no', 'except', 'excluding', 'exclude', 'anything but', 'anything except', 'other than', 'besides', 'without', 'but not', 'non', 'never', 'neither', 'avoid', 'none', 'except for', 'apart from', 'not a', 'nothing', 'everything but', 'everything except', 'minus', 'aside from', 'dont want', 'not interested in', 'no more', 'free of'], { k: 'neg' });

// cue words before numbers
add(['price', 'prices', 'priced', 'cost', 'costs', 'costing', 'budget', 'price range', 'msrp', 'sticker', 'asking', 'asking price', 'price tag', 'sticker price', 'my budget', 'budget of'], { k: 'cue', attr: 'price' });
add(['mileage', 'odometer', 'odo', 'kilometers', 'kilometres', 'km', 'kms', 'mileage of'], { k: 'cue', attr: 'kilometers' });
add(['miles'], { k: 'cue', attr: 'miles' });
add(['hp', 'horsepower', 'horse power', 'power', 'bhp', 'engine power', 'output'], { k: 'cue', attr: 'horse_power' });
add(['seats', 'seating', 'seat', 'seating for', 'seats for', 'room for', 'seating capacity', 'passengers', 'passenger'], { k: 'cue', attr: 'seats' });
add(['doors', 'door count'], { k: 'cue', attr: 'doors' });
add(['lease', 'leasing', 'lease payment', 'lease payments', 'monthly lease', 'monthly lease payment', 'lease price', 'lease for', 'lease deal', 'leased'], { k: 'cue', attr: 'lease' });
add(['finance', 'financing', 'finance payment', 'finance payments', 'monthly finance payment', 'loan payment', 'loan payments', 'financed', 'loan', 'finance for', 'financing for'], { k: 'cue', attr: 'finance' });
add(['payment', 'payments', 'monthly payment', 'monthly payments', 'monthly', 'per month payment'], { k: 'cue', attr: 'monthly' });
add(['year', 'model year', 'model years', 'year model'], { k: 'cue', attr: 'year' });
add(['gas mileage', 'fuel economy', 'fuel efficient', 'fuel efficiency', 'gas efficient', 'good on gas', 'easy on gas', 'good gas mileage', 'great gas mileage', 'gas guzzler', 'gas saver', 'miles per gallon', 'mpg'], { k: 'weak' });

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

add(['like new', 'as new', 'nearly new', 'almost new', 'new to me', 'newish', 'new ish', 'new looking'], { k: 'weak' });

export const MAIN_LEXICON: ReadonlyMap<string, LexEntry> = MAIN;
export const MAX_MAIN_SPAN = maxMainSpan;


// ---------------------------------------------------------------- comparators

const LEAD = new Map<string, ComparatorEntry<LeadingComparator>>();
const TRAIL = new Map<string, ComparatorEntry<TrailingComparator>>();
const TRAIL_YEAR = new Map<string, ComparatorEntry<TrailingComparator>>();
let maxLeadSpan = 1;
let maxTrailSpan = 1;

function lead(cmp: LeadingComparator, phrases: readonly string[], year = false): void {
  for (const p of phrases) {
    const key = phraseKey(p);
    LEAD.set(key, year ? { cmp, year } : { cmp });
    maxLeadSpan = Math.max(maxLeadSpan, key.split(' ').length);
  }
}
function trail(cmp: TrailingComparator, phrases: readonly string[], year = false): void {
  for (const p of phrases) {
    const key = phraseKey(p);
    (year ? TRAIL_YEAR : TRAIL).set(key, year ? { cmp, year } : { cmp });
    maxTrailSpan = Math.max(maxTrailSpan, key.split(' ').length);
  }
}

lead('lt', ['under', 'below', 'less than', 'lower than', 'fewer than', 'cheaper than', 'beneath', 'lt', '<', 'less then', 'under than', 'sub', 'shy of', 'short of', 'for under', 'for less than', 'priced under', 'priced below', 'priced less than', 'costing less than', 'costing under', 'anything under', 'anything below', 'just under', 'less than about']);
lead('lte', ['within', 'up to', 'upto', 'at most', 'max', 'maximum', 'max of', 'maximum of', 'a max of', 'a maximum of', '≤', 'lte', 'at the most', 'no more than', 'not more than', 'not over', 'not above', 'no greater than', 'no higher than', 'not exceeding', 'not to exceed', 'tops', 'no more then', 'less than or equal to', 'under or equal to', 'at or under', 'at or below', 'up to a max of', 'capped at', 'no over', 'nothing over', 'nothing above', 'nothing more than']);
lead('gt', ['over', 'above', 'more than', 'greater than', 'higher than', 'more expensive than', 'exceeding', 'gt', '>', 'north of', 'in excess of', 'beyond', 'more then', 'bigger than', 'larger than', 'anything over', 'anything above', 'priced over', 'priced above', 'costing more than', 'just over']);
lead('gte', ['at least', 'min', 'minimum', 'min of', 'minimum of', 'a min of', 'a minimum of', 'no less than', 'not less than', 'no fewer than', 'not fewer than', '≥', 'gte', 'not under', 'not below', 'upwards of', 'starting at', 'starting from', 'at or above', 'at or over', 'greater than or equal to', 'more than or equal to', 'no lower than', 'no cheaper than', 'nothing under', 'nothing below', 'nothing less than']);
lead('around', ['around', 'about', 'approximately', 'approx', 'roughly', '~', 'near', 'close to', 'circa', 'somewhere around', 'ballpark', 'in the ballpark of', 'in the range of', 'in the region of', 'somewhere near', 'round about', 'roundabout', 'in the neighborhood of', 'give or take', 'more or less', 'somewhere about', 'close to about', 'around about', 'for around', 'for about', 'priced around', 'priced about', 'costing around', 'costing about', 'right around']);
lead('between', ['between', 'in between', 'somewhere between', 'anywhere between', 'anywhere from', 'ranging from', 'priced between', 'costing between']);
lead('from', ['from', 'starting', 'from about']);
lead('lt', ['older than', 'before', 'earlier than', 'prior to', 'pre', 'built before', 'made before', 'older then'], true);
lead('gt', ['newer than', 'after', 'later than', 'post', 'younger than', 'newer then', 'built after', 'made after'], true);
lead('gte', ['since', 'no older than', 'not older than', 'at least as new as', 'from at least', 'nothing older than', 'nothing before', 'no earlier than', 'not earlier than'], true);
lead('lte', ['no newer than', 'not newer than', 'no later than', 'not later than', 'nothing newer than', 'nothing after'], true);

trail('lte', ['or less', 'or lower', 'or under', 'or below', 'and under', 'and below', 'and less', 'max', 'maximum', 'at most', 'tops', 'or cheaper', 'at the most', 'or fewer', 'and lower', 'and cheaper', 'or lesser', 'at max', 'max budget', 'or less than that', 'and down', 'or smaller', 'top', 'at the max', 'limit', 'ceiling', 'cap']);
trail('gte', ['or more', 'or higher', 'or above', 'or over', 'and up', 'and above', 'and over', 'and more', 'plus', '+', 'or greater', 'minimum', 'min', 'at least', 'and higher', 'or better', 'or bigger', 'and upward', 'and upwards', 'upwards', 'or larger', 'at minimum', 'at a minimum']);
trail('gte', ['or newer', 'or later', 'and newer', 'and later', 'onward', 'onwards', 'or after', 'or more recent', 'and beyond', 'or younger', 'and up', 'and above', 'plus', '+', 'or above', 'or higher', 'or over', 'and over', 'and forward', 'and onward', 'and onwards', 'or newer models', 'model or newer', 'models or newer', 'or newer model'], true);
trail('lte', ['or older', 'or earlier', 'and older', 'and earlier', 'or before', 'and before', 'or prior', 'and prior', 'or below', 'and below', 'or under', 'and under', 'or less'], true);
trail('around', ['ish', 'or so', 'give or take', 'roughly', 'approximately', 'approx', 'more or less', 'or thereabouts', 'ballpark', 'or around', 'range', 'price range', 'ballpark', 'area', 'budget range', 'price point', 'territory']);

export const LEADING_COMPARATORS: ReadonlyMap<string, ComparatorEntry<LeadingComparator>> = LEAD;
export const TRAILING_COMPARATORS: ReadonlyMap<string, ComparatorEntry<TrailingComparator>> = TRAIL;
/** Trailing comparators of model years ("2019 or newer", "2015 and older"); tried before the generic ones. */
export const TRAILING_YEAR_COMPARATORS: ReadonlyMap<string, ComparatorEntry<TrailingComparator>> = TRAIL_YEAR;
export const MAX_LEADING_SPAN = maxLeadSpan;
export const MAX_TRAILING_SPAN = maxTrailSpan;

// ---------------------------------------------------------------- units (after a number)

const UNITS = new Map<string, Unit>();
let maxUnitSpan = 1;
function unit(u: Unit, phrases: readonly string[]): void {
  for (const p of phrases) {
    const key = phraseKey(p);
    UNITS.set(key, u);
    maxUnitSpan = Math.max(maxUnitSpan, key.split(' ').length);
  }
}
unit('km', ['km', 'kms', 'kilometers', 'kilometres', 'kilometer', 'kilometre', 'klicks', 'k on the odometer', 'on the odometer', 'on the odo', 'on the clock', 'kms on it', 'km on it', 'odometer', 'mileage', 'of mileage', 'km mileage', 'kilometer mileage']);
unit('miles', ['miles', 'mile', 'mi', 'mls', 'miles on it', 'miles on the odometer', 'miles on the clock', 'mi on it']);
unit('hp', ['hp', 'horsepower', 'horse power', 'horses', 'bhp', 'ponies']);
unit('seats', ['seats', 'seat', 'seater', 'seaters', 'passenger', 'passengers', 'seating', 'people', 'persons', 'person', 'pass']);
unit('doors', ['door', 'doors', 'dr', 'drs']);
unit('month', ['a month', 'per month', '/ month', '/ mo', '/ mth', 'a mo', 'per mo', 'mo', 'month', 'monthly', 'a mth', 'per mth', 'each month', 'every month', '/ m', 'per m', 'pm', 'p m', 'monthly payment', 'monthly payments', 'a month payment', 'per month payment', 'month lease', 'a month lease', 'per month lease', 'a month financing']);
unit('dollars', ['dollars', 'dollar', 'bucks', 'cad', 'usd', 'cdn', 'price']);
unit('other', [
  'lbs', 'lb', 'pounds', 'pound', 'kg', 'kgs', 'tons', 'ton', 'tonnes', 'inch', 'inches', 'in wheels', 'inch wheels', 'ft', 'feet', 'cm',
  'seconds', 'second', 'sec', 'secs', 's', 'mpg', 'l 100km', 'l', 'liter', 'liters', 'litre', 'litres', 'cc', 'cylinder', 'cylinders', 'cyl',
  'speed', 'speeds', 'gallons', 'gallon', 'kwh', 'kw', 'volt', 'volts', 'year old', 'years old', 'yr old', 'yrs old', 'years', 'yrs', 'yr',
  'owner', 'owners', 'previous owners', 'miles per gallon', 'mpge', 'rows', 'row', 'wheels', 'airbags', 'days', 'weeks',
  'months', 'month term', 'month loan', 'percent', '%', 'apr', 'down', 'down payment', 'torque', 'lb ft', 'nm', 'km range', 'mile range', 'miles range',
]);

export const UNIT_LEXICON: ReadonlyMap<string, Unit> = UNITS;
export const MAX_UNIT_SPAN = maxUnitSpan;

// ---------------------------------------------------------------- names vocabulary

/** Manufacturer slang -> canonical manufacturer (resolved against the run-time names when present). */
export const MANUFACTURER_ALIASES: Readonly<Record<string, string>> = {
  chevy: 'Chevrolet',
  chev: 'Chevrolet',
  chevvy: 'Chevrolet',
  vw: 'Volkswagen',
  vdub: 'Volkswagen',
  volkswagon: 'Volkswagen',
  merc: 'Mercedes-Benz',
  mercedes: 'Mercedes-Benz',
  benz: 'Mercedes-Benz',
  mb: 'Mercedes-Benz',
  mercedez: 'Mercedes-Benz',
  bimmer: 'BMW',
  beemer: 'BMW',
  beamer: 'BMW',
  caddy: 'Cadillac',
  caddie: 'Cadillac',
  subie: 'Subaru',
  scoobie: 'Subaru',
  yota: 'Toyota',
  lambo: 'Lamborghini',
  alfa: 'Alfa Romeo',
  aston: 'Aston Martin',
  landrover: 'Land Rover',
  jag: 'Jaguar',
  hyundia: 'Hyundai',
  mitsu: 'Mitsubishi',
  vauxhall: 'Vauxhall',
  gm: 'GMC',
  'mercedes benz': 'Mercedes-Benz',
};

/** Model slang -> canonical model (used only when the run-time names contain the model). */
export const MODEL_ALIASES: Readonly<Record<string, string>> = {
  vette: 'Corvette',
  miata: 'MX-5',
  'mx5 miata': 'MX-5',
  mache: 'Mustang Mach-E',
  'mach e': 'Mustang Mach-E',
  wrangler: 'Wrangler',
  sil: 'Silverado',
  rav: 'RAV4',
  tacco: 'Tacoma',
  taco: 'Tacoma',
  'grand cherokee': 'Grand Cherokee',
  jgc: 'Grand Cherokee',
  'f 150': 'F-150',
  'f one fifty': 'F-150',
  cherokee: 'Cherokee',
  '3er': '3 Series',
  'three series': '3 Series',
  'five series': '5 Series',
  'four series': '4 Series',
  'model three': 'Model 3',
  'model why': 'Model Y',
};

/** Words that never start or end a model alias on their own (first or last word of a multi-word model). */
export const ALIAS_BLOCKLIST: ReadonlySet<string> = new Set([
  'grand', 'range', 'model', 'series', 'class', 'long', 'new', 'super', 'sport', 'sports', 'limited', 'cargo', 'crew', 'passenger', 'city',
  'country', 'town', 'land', 'rover', 'classic', 'custom', 'touring', 'coupe', 'wagon', 'van', 'truck', 'hybrid', 'electric', 'ev', 'plug',
  'in', 'gt', 'base', 'standard', 'premium', 'luxury', 'edition', 'the', 'a', 'of', 'and', 'heritage', 'max', 'plus', 'one', 'two', 'xl', 'lightning',
  'santa', 'mini', 'express', 'special', 'club', 'work', 'pickup', 'cab', 'chassis', 'duty', 'heavy', 'light', 'high', 'low', 'turbo', 'diesel',
]);

/** Trims that read as ordinary words: matched only right after a model/manufacturer or next to "trim". */
export const TRIM_STANDALONE_BLOCKLIST: ReadonlySet<string> = new Set([
  'sport', 'sports', 'base', 'standard', 'premium', 'luxury', 'performance', 'turbo', 'light', 'custom', 'classic', 'elite', 'signature',
  'advanced', 'advance', 'ultimate', 'explore', 'wind', 'outdoor', 'cargo', 'crew', 'passenger', 'pro', 'plus', 'edition', 'select', 'special',
  'value', 'launch', 'limited', 'touring', 'essence', 'reserve', 'summit', 'altitude', 'elevation', 'latitude', 'convenience', 'tech',
  'technology', 'comfort', 'prestige', 'premier', 'platinum', 'overland', 'wilderness', 'trailsport', 'classic', 'power', 'meridian',
  'autobiography', 'x', 's', 'l', 't', 'n', 'st', 'ex', 'ss', 'rs', 'gt', 'xl', 'se', 'le', 'ls', 'lt', 'lx', 'sx', 'sv', 'sl', 'gs', 'sr', 'es', 'si',
  'big bend', 'outer banks', 'pro s plus', 'window van', 'high country', 'rock creek', 'cross country', 'long range', 'standard range',
  'black', 'white', 'red', 'blue', 'silver', 'gray', 'green', 'hybrid', 'electric', 'awd', 'fwd', 'rwd', '4wd',
]);

/**
 * Ordinary English words that appear in car searches. They are never typo-corrected into a name or
 * a vocabulary word, and a catalog name spelled like one of them ("Fit", "City") is matched only
 * right after its manufacturer.
 */
export const ENGLISH_WORDS: ReadonlySet<string> = new Set(
  `able about above across actually add affordable after again against age ago all almost alone along already also always am amazing among
  amount and another any anybody anyone anything anyway anywhere apart are area around as ask asking at available average avoid away baby back
  bad bag bargain basic be beautiful because become been before being believe below best better between beyond big bigger biggest bit black
  blue body book both bought box brand break bring brother budget build built bus business busy but buy buying by call came camp camping can
  cannot cant capacity car care cargo carry cars case cash cause certain chair change cheap cheaper cheapest check child children choice
  choose city class classic clean clear close clothes cold college color come comes comfortable comfort commute commuter commuting compact
  company condition cool cost could country couple course cover cozy crazy cross cute daily dark daughter day days deal deals decent
  definitely delivery dependable design did different do does dog dogs doing done dont door double down downtown drive driver driving drop
  during each early easy eco economic economical economy efficient either else end enough entire especially even evening ever every
  everyday everything exact exactly except expensive experience extra eye fairly family fancy far fast faster father favorite feel few
  find fine first fit fits five fix flat folks for four free friend friendly from front fuel full fun funky garage gave get gets getting
  give glad go goes going gone good got great green ground group grow guy had half hand handle handy happy hard has hate haul hauling have
  having he head hear heavy hello help her here high highway him his hit hold holiday home honest hope hot hour house how however huge
  husband idea if important in include including inside instead interested into is isnt it item its itself job just keep kid kids kind
  know large last late later least leave left less let life light like likely line little live local long look looking looks lot lots
  love lovely low lower lowest luxury luxurious made main make man many market maybe me mean mid middle might mind mine modern mom money
  month more morning most mostly mother move much must my near nearly need needed needs neither never new next nice night no none nor
  normal not nothing now number of off offer often ok okay old older on once one only open or order other our out outdoor outside over
  own owner owners paid park parking part party pay people per perfect person pet pets pick picked place plan please plenty plus point
  possible power powerful practical pretty price pro probably problem pull put quick quiet quite rather reach ready real really reason
  recent recently red reliable reliability rent rental require right road room rough run running safe safety said same save say school
  seat second see seem seen sell send serious set several shape she shop short should show side simple since single size sleek slow
  small smart smooth snow so solid some someone something son soon sort space spacious speed spend sport sporty spring square standard
  start state stay still stop store story street strong student stuff style stylish such summer super sure take talk tall team teen
  teenager tell than thanks that the their them then there these they thing things think this those though three through time tiny to
  today together too top total tough tow towing town track trade traffic trail travel trip trips true try turn two type under until up
  upon us use useful usual usually value very want wants was way we week weekend weekly well went were what when where whether which while
  white who whole why wife will winter wish with within without woman work working worth would wow yeah year years yes yet you young
  your yours zero efficient mpg fuel-efficient gas-guzzler guzzler roomy rugged offroad off-road adventure adventures beach lake mountain
  mountains camping skiing ski hauling boat trailer horse horses dogs groceries grocery college kids work commute contractor business
  uber lyft delivery rideshare teen teenager student first-time beginner learner`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);
