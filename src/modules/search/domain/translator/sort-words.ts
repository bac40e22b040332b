/**
 * Sort words: phrases that ask for an order rather than a condition ("cheapest", "newest first",
 * "lowest mileage"). The main lexicon (lexicon.ts) registers them in this order; the first sort
 * word of a query wins.
 */
import type { SortKey } from '../../../../../libs/common/vehicle/car-attributes';

export const SORT_WORDS: readonly (readonly [SortKey, readonly string[]])[] = [
  ['price_asc', ['cheapest', 'cheapest first', 'least expensive', 'lowest price', 'lowest priced', 'lowest prices', 'price low to high', 'low to high', 'most affordable', 'sort by price', 'sorted by price', 'order by price', 'lowest cost']],
  ['price_desc', ['most expensive', 'priciest', 'highest price', 'highest priced', 'price high to low', 'high to low', 'most expensive first']],
  ['year_desc', ['newest', 'newest first', 'latest', 'most recent', 'newest ones', 'sort by year', 'latest models', 'latest model']],
  ['year_asc', ['oldest', 'oldest first']],
  ['kilometers_asc', ['lowest mileage', 'least mileage', 'lowest miles', 'fewest miles', 'least miles', 'lowest km', 'lowest kms', 'fewest km', 'fewest kms', 'least km', 'lowest kilometers', 'fewest kilometers', 'least kilometers', 'lowest odometer', 'sort by mileage', 'least driven', 'lowest kilometres', 'fewest kilometres']],
];
