/**
 * Dealer ids and normalised retailer names (decisions.md section 3): lowercase words joined by
 * hyphens, apostrophes dropped, accents folded. `Bob's Côte Motors` -> `bobs-cote-motors`.
 */
const APOSTROPHES = /['\u2018\u2019\u02BC\u0060\u00B4]/g;
const COMBINING_MARKS = /[\u0300-\u036f]/g;
/** Letters NFD does not decompose into base + mark. */
const FOLDS: Record<string, string> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i',
};

export function slugify(input: string): string {
  return input
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(/[ßæœøđðþłı]/g, (c) => FOLDS[c] ?? c)
    .replace(APOSTROPHES, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
