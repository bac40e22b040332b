/**
 * Comparator and unit phrases of the rule-based translator: words before a number ("under",
 * "at least", "between"), after it ("or less", "and up", "or newer"), and units ("km", "a month").
 * Written like the main lexicon (lexicon.ts): lower-case words separated by spaces.
 */
import { CURRENCY_WORDS, PERIOD_PHRASES, UNIT_PHRASES } from '../../../../../libs/common/text/amounts';
import { phraseKey } from './lexicon';

export type LeadingComparator = 'lt' | 'lte' | 'gt' | 'gte' | 'around' | 'between' | 'from';
export type TrailingComparator = 'lt' | 'lte' | 'gt' | 'gte' | 'around';

export interface ComparatorEntry<C> {
  readonly cmp: C;
  /** Only meaningful for model years ("newer than", "or later"). */
  readonly year?: boolean;
}

/** `other`: a unit the vocabulary has no attribute for (lbs, seconds, mpg, years old): the number is ignored. */
export type Unit = 'km' | 'miles' | 'hp' | 'seats' | 'doors' | 'month' | 'dollars' | 'mpg' | 'other';

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
// The amount reader's units, periods and currency words (libs/common/text/amounts.ts), and search's own.

const UNITS = new Map<string, Unit>();
let maxUnitSpan = 1;
function unit(u: Unit, phrases: readonly string[]): void {
  for (const p of phrases) {
    const key = phraseKey(p);
    UNITS.set(key, u);
    maxUnitSpan = Math.max(maxUnitSpan, key.split(' ').length);
  }
}
unit('km', [...UNIT_PHRASES.km, 'k on the odometer', 'on the odometer', 'on the odo', 'on the clock', 'kms on it', 'km on it', 'odometer', 'mileage', 'of mileage', 'km mileage', 'kilometer mileage']);
unit('miles', [...UNIT_PHRASES.miles, 'miles on it', 'miles on the odometer', 'miles on the clock', 'mi on it']);
unit('hp', [...UNIT_PHRASES.hp, 'horses', 'ponies']);
unit('seats', ['seats', 'seat', 'seater', 'seaters', 'passenger', 'passengers', 'seating', 'people', 'persons', 'person', 'pass']);
unit('doors', ['door', 'doors', 'dr', 'drs']);
unit('month', [...PERIOD_PHRASES.month, 'mo', 'month', '/ m', 'per m', 'pm', 'p m', 'monthly payment', 'monthly payments', 'a month payment', 'per month payment', 'month lease', 'a month lease', 'per month lease', 'a month financing']);
unit('mpg', ['mpg', 'miles per gallon', 'mpg highway', 'highway mpg', 'hwy mpg', 'mpg hwy', 'mpg on the highway', 'mpg city', 'city mpg', 'mpg in the city', 'mpg in town', 'mpg combined', 'combined mpg']);
unit('dollars', [...CURRENCY_WORDS, 'price']);
unit('other', [
  'lbs', 'lb', 'pounds', 'pound', 'kg', 'kgs', 'tons', 'ton', 'tonnes', 'inch', 'inches', 'in wheels', 'inch wheels', 'ft', 'feet', 'cm',
  'seconds', 'second', 'sec', 'secs', 's', 'l 100km', 'l', 'liter', 'liters', 'litre', 'litres', 'cc', 'cylinder', 'cylinders', 'cyl',
  'speed', 'speeds', 'gallons', 'gallon', 'kwh', 'kw', 'volt', 'volts', 'year old', 'years old', 'yr old', 'yrs old', 'years', 'yrs', 'yr',
  'owner', 'owners', 'previous owners', 'mpge', 'rows', 'row', 'wheels', 'airbags', 'days', 'weeks',
  'months', 'month term', 'month loan', 'percent', '%', 'apr', 'down', 'down payment', 'torque', 'lb ft', 'nm', 'km range', 'mile range', 'miles range',
]);

export const UNIT_LEXICON: ReadonlyMap<string, Unit> = UNITS;
export const MAX_UNIT_SPAN = maxUnitSpan;
