/**
 * What a car does, said in words (docs/search.md, "What a car does"): fuel economy, towing and
 * age. Each class is one table: the quality words a shopper uses crossed with the things they
 * qualify ("good" x "on gas"), so a new wording of a known class needs a word, not a phrase.
 *
 * Fuel economy reads `fuel_economy_highway` (mpg; new-car JSON, and feeds with mpg columns): an
 * efficient car does at least EFFICIENT_MPG on the highway. Age reads `year` against the clock: a
 * newer car is at most RECENT_YEARS model years old. Where the dealership's stock has no value for
 * the attribute, the words are not applied and come back in `unused_terms` (parse-state.ts).
 */
import type { Comparator } from '../../../../../libs/common/vehicle/filter-expression';

/** The lexicon entries of this file (lexicon.ts's LexEntry kinds `cond` and `age`; kept here so the lexicon imports this file, not the reverse). */
type Condition = { readonly attribute: string; readonly comparator: Comparator; readonly value: number | string };
type LexEntry =
  | { readonly k: 'cond'; readonly attr: string; readonly conds: readonly Condition[]; readonly negated?: readonly Condition[] }
  | { readonly k: 'age'; readonly recent: boolean };

/** Highway mpg of a car a shopper calls fuel efficient. */
const EFFICIENT_MPG = 30;
/** Model years back from this year that a shopper still calls newer or recent (this year - 5 and later). */
export const RECENT_YEARS = 5;

const ECONOMY = 'fuel_economy_highway';
const efficient: LexEntry = {
  k: 'cond',
  attr: ECONOMY,
  conds: [{ attribute: ECONOMY, comparator: 'gte', value: EFFICIENT_MPG }],
  negated: [{ attribute: ECONOMY, comparator: 'lt', value: EFFICIENT_MPG }],
};
const thirsty: LexEntry = {
  k: 'cond',
  attr: ECONOMY,
  conds: [{ attribute: ECONOMY, comparator: 'lt', value: EFFICIENT_MPG }],
  negated: [{ attribute: ECONOMY, comparator: 'gte', value: EFFICIENT_MPG }],
};

const cross = (heads: readonly string[], tails: readonly string[]): string[] => heads.flatMap((h) => tails.map((t) => `${h} ${t}`));

/** Words that praise economy, before "on gas" or before the measure ("great mpg"). */
const GOOD = ['good', 'great', 'easy', 'cheap', 'light', 'gentle', 'better', 'best', 'excellent', 'decent', 'high', 'low cost', 'economical', 'efficient', 'thrifty'];
/** What is spent. */
const FUEL = ['gas', 'fuel', 'petrol', 'gasoline', 'the pump', 'the pumps'];
/** How economy is measured (not bare "mileage": "good mileage" may mean few miles on the clock). */
const MEASURE = ['mpg', 'gas mileage', 'fuel mileage', 'fuel economy', 'fuel efficiency', 'miles per gallon', 'mileage per gallon'];

const ECONOMY_PHRASES: readonly (readonly [readonly string[], LexEntry])[] = [
  [
    [
      ...cross(GOOD, FUEL.map((f) => `on ${f}`)),
      ...cross(GOOD, MEASURE),
      ...cross(['fuel', 'gas', 'fuel and gas'], ['efficient', 'efficiency', 'saver', 'savers', 'saving', 'sipper', 'sippers', 'sipping', 'friendly', 'economic', 'economical']),
      'economical', 'fuel economical', 'efficient', 'saves gas', 'saves fuel', 'save on gas', 'save on fuel', 'saving on gas', 'sips gas', 'sips fuel',
      // bare measures ("mpg", "fuel economy") are units and cues of numbers (comparator-lexicon.ts): "over 30 mpg"
    ],
    efficient,
  ],
  [['gas guzzler', 'gas guzzlers', 'guzzler', 'guzzlers', 'gas hog', 'gas hogs', 'thirsty', 'bad on gas', 'bad gas mileage', 'poor gas mileage', 'poor mpg', 'bad mpg'], thirsty],
];

/** Towing: the options that say so (`Tow Package`, `Trailer Tow`, `Tow Hitch`). */
const TOW: LexEntry = { k: 'cond', attr: 'options', conds: [{ attribute: 'options', comparator: 'contain', value: 'tow' }] };
const TOW_PHRASES = [
  'tow', 'tows', 'towing', 'can tow', 'able to tow', 'for towing', 'to tow', 'towing capacity', 'towing capability', 'tow capacity', 'tow rated',
  ...cross(['tow', 'towing', 'trailer tow', 'trailer towing'], ['package', 'packages', 'pkg', 'pack', 'hitch', 'hitches', 'prep', 'group', 'mode']),
  'trailer hitch', 'trailer hitches', 'pull a trailer', 'pull a camper', 'pull a boat', 'haul a trailer', 'haul a camper', 'haul a boat',
];

/** Age in words, against the clock: newer cars, and the opposite. */
const RECENT: LexEntry = { k: 'age', recent: true };
const OLD: LexEntry = { k: 'age', recent: false };
const RECENT_PHRASES = ['newer', 'newer model', 'newer models', 'recent', 'recent model', 'recent models', 'late model', 'late models', 'fairly new', 'pretty new', 'newish', 'new ish'];
// not bare "old": "my old car" is the shopper's own
const OLD_PHRASES = ['too old', 'very old', 'that old', 'outdated', 'ancient'];

/** Phrase tables of this file, for the main lexicon. */
export const CAPABILITY_PHRASES: readonly (readonly [readonly string[], LexEntry])[] = [
  ...ECONOMY_PHRASES,
  [TOW_PHRASES, TOW],
  [RECENT_PHRASES, RECENT],
  [OLD_PHRASES, OLD],
];
