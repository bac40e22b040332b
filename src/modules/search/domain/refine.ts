import { SortKey } from '../../../../libs/common/vehicle/car-attributes';
import { and, FilterNode } from '../../../../libs/common/vehicle/filter-expression';

/** A translated query: its filter (an `and` at the root) and its order. */
export interface Criteria {
  readonly filter: FilterNode;
  readonly sort: SortKey | null;
}

const NAME_LEVELS: readonly (readonly [readonly string[], readonly string[]])[] = [
  [['manufacturer'], ['model', 'trim']],
  [['model'], ['manufacturer', 'trim']],
];

const conjunctsOf = (filter: FilterNode): readonly FilterNode[] =>
  filter.kind === 'operation' && filter.operator === 'and' ? filter.arguments : [filter];

function attributesOf(node: FilterNode, into = new Set<string>()): Set<string> {
  if (node.kind === 'comparison') into.add(node.attribute);
  else for (const arg of node.arguments) attributesOf(arg, into);
  return into;
}

/**
 * A follow-up applied to the search before it ("white RAV4s", then "what about silver?", "the
 * cheapest of those", "under 50k"): each condition of the follow-up replaces the earlier ones on
 * the same attributes, the earlier ones on other attributes stay, and its order, if it names one,
 * replaces the earlier order. Works on any filter the translator writes, not on words.
 * `released`: attributes the follow-up lets go of ("in any colour", "whatever the year").
 */
export function refine(earlier: Criteria, later: Criteria, released: readonly string[] = []): Criteria {
  const laterConditions = conjunctsOf(later.filter);
  const replaced = new Set<string>(released);
  for (const c of laterConditions) attributesOf(c, replaced);
  // A car named anew is another car: a make lets go of the model and trim ("RAV4s", then "what about a Honda?"), a model of
  // the make and trim ("Toyotas", then "Civics?"); a trim alone narrows the model named before ("the XLE?").
  for (const [named, frees] of NAME_LEVELS) if (named.some((a) => replaced.has(a))) frees.forEach((a) => replaced.add(a));
  const kept = conjunctsOf(earlier.filter).filter((c) => ![...attributesOf(c)].some((a) => replaced.has(a)));
  return { filter: and(...kept, ...laterConditions), sort: later.sort ?? earlier.sort };
}

/** The attributes a search can be told to let go of, by the nouns people use for them. */
const ATTRIBUTE_NOUNS: Readonly<Record<string, readonly string[]>> = {
  color: ['colour', 'color', 'colours', 'colors', 'paint'],
  year: ['year', 'years', 'age'],
  price: ['price', 'prices', 'budget'],
  manufacturer: ['make', 'makes', 'brand', 'brands', 'manufacturer'],
  model: ['model', 'models'],
  trim: ['trim', 'trims'],
  kilometers: ['mileage', 'km', 'kms', 'miles', 'kilometers', 'kilometres'],
  condition: ['condition'],
  type: ['body', 'type', 'style'],
};
const NOUN_ATTRIBUTE = new Map(Object.entries(ATTRIBUTE_NOUNS).flatMap(([attribute, nouns]) => nouns.map((n) => [n, attribute] as const)));
const RELEASE = /\b(?:any|whatever|whichever|regardless\s+of(?:\s+the)?|no\s+matter\s+(?:the|what)|(?:don'?t|do\s+not)\s+care\s+about(?:\s+the)?)\s+([a-z]+)/gi;

/** The attributes a follow-up lets go of: "any colour", "whatever the year". */
export function releasedAttributes(query: string): string[] {
  const out = new Set<string>();
  for (const m of query.matchAll(RELEASE)) {
    const attribute = NOUN_ATTRIBUTE.get(m[1].toLowerCase()) ?? NOUN_ATTRIBUTE.get(query.slice((m.index ?? 0) + m[0].length).trim().split(/\W+/)[0]?.toLowerCase() ?? '');
    if (attribute) out.add(attribute);
  }
  return [...out];
}
