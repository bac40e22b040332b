/**
 * Dealer ids and normalised retailer names (decisions.md section 3): lowercase words joined by
 * hyphens, apostrophes dropped, accents folded. `Bob's Côte Motors` -> `bobs-cote-motors`.
 */
/** ASCII, typographic, modifier, grave/acute, prime and fullwidth apostrophes. */
const APOSTROPHES = /['\u2018\u2019\u02BC\u0060\u00B4\u2032\uFF07]/g;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;
const MARKS = /\p{M}/gu;
/** Letters no decomposition turns into base + mark. */
const FOLDS: Record<string, string> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i', ħ: 'h', ŋ: 'n',
};
const FOLDABLE = /[ßæœøđðþłıħŋ]/g;

/** Lowercase, accents and compatibility forms folded; what is left outside a-z0-9 is not a letter we can keep. */
function fold(input: string): string {
  return input
    // Before decomposition: NFKD would turn the acute accent into a space, splitting the word.
    .replace(APOSTROPHES, '')
    // NFKD only on letters and digits: fullwidth `ＡＢＣ`, ligatures `ﬁ` and superscripts `²` become
    // plain letters (NFD left them, and they were dropped), while symbols such as `™` stay symbols.
    .replace(LETTER_OR_DIGIT, (c) => c.normalize('NFKD'))
    .replace(MARKS, '')
    .toLowerCase()
    .replace(FOLDABLE, (c) => FOLDS[c] ?? c);
}

export function slugify(input: string): string {
  return fold(input)
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Letters and digits of `input` that `slugify` cannot keep (other scripts: `東京`, `Ωmega`). Two
 * names differing only in such letters get the same slug, so callers that look a dealership up by
 * slug refuse these names rather than merge two retailers.
 */
export function unrepresentableCharacters(input: string): string[] {
  const lost = new Set<string>();
  for (const c of fold(input).match(LETTER_OR_DIGIT) ?? []) {
    if (!/[a-z0-9]/.test(c)) lost.add(c);
  }
  return [...lost];
}
