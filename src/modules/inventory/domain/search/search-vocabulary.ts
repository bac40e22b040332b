/**
 * The search vocabulary (shared/spec/search-vocabulary.md): the attributes a filter may name,
 * their types and canonical values, and the validator applied to every filter that leaves the
 * translators (the rule-based one, and an LLM's answer before it is trusted).
 */
/** The catalog's canonical body and fuel types are the vocabulary's (one list, search-vocabulary.md). */
import { BODY_TYPES, FUEL_TYPES } from '../../../../../libs/common/vehicle/vehicle-types';
import { type Comparator, type FilterNode, parseWireNode, toWireNode, type WireParseResult } from './filter-expression';

export type AttributeType = 'string' | 'number' | 'integer' | 'boolean';

export interface SearchAttribute {
  readonly name: string;
  readonly type: AttributeType;
  /** Canonical values, when the attribute has a closed set (matching is case-insensitive). */
  readonly values?: readonly string[];
  readonly description: string;
}

const CONDITIONS = ['new', 'used'] as const;
const COLORS = [
  'Black', 'White', 'Silver', 'Gray', 'Red', 'Blue', 'Green', 'Brown', 'Beige', 'Gold', 'Orange', 'Yellow', 'Purple',
] as const;
const TRANSMISSIONS = ['Automatic', 'Manual'] as const;
const DRIVE_TRAINS = ['AWD', '4WD', 'FWD', 'RWD'] as const;

export const SEARCH_ATTRIBUTES: readonly SearchAttribute[] = [
  { name: 'condition', type: 'string', values: CONDITIONS, description: 'new or used' },
  { name: 'certified', type: 'boolean', description: 'true for certified pre-owned (implies used)' },
  { name: 'manufacturer', type: 'string', description: 'catalog manufacturer name, e.g. Toyota, Mercedes-Benz' },
  { name: 'model', type: 'string', description: 'catalog model name, e.g. Camry, CR-V, F-150' },
  { name: 'trim', type: 'string', description: 'trim, e.g. XLE, EX-L, Limited' },
  { name: 'year', type: 'integer', description: 'model year' },
  { name: 'type', type: 'string', values: BODY_TYPES, description: 'body type' },
  { name: 'price', type: 'number', description: 'price in the dealership currency' },
  { name: 'kilometers', type: 'integer', description: 'odometer in km' },
  { name: 'color', type: 'string', values: COLORS, description: 'exterior color' },
  { name: 'fuel_type', type: 'string', values: FUEL_TYPES, description: 'fuel type' },
  { name: 'transmission', type: 'string', values: TRANSMISSIONS, description: 'transmission' },
  { name: 'drive_train', type: 'string', values: DRIVE_TRAINS, description: 'drive train' },
  { name: 'seats', type: 'integer', description: 'number of seats' },
  { name: 'doors', type: 'integer', description: 'number of doors' },
  { name: 'horse_power', type: 'integer', description: 'engine power in hp' },
  { name: 'monthly_lease_payment', type: 'integer', description: 'monthly lease payment' },
  { name: 'monthly_finance_payment', type: 'integer', description: 'monthly finance payment' },
  { name: 'options', type: 'string', description: 'free-text feature list (sunroof, leather seats, ...): use contain' },
  { name: 'accident', type: 'boolean', description: 'true when an accident is reported' },
  { name: 'stock_number', type: 'string', description: 'dealer stock number' },
  { name: 'vin', type: 'string', description: '17-character VIN' },
];

export type SearchVocabulary = ReadonlyMap<string, SearchAttribute>;

export function createSearchVocabulary(attributes: readonly SearchAttribute[]): SearchVocabulary {
  return new Map(attributes.map((a) => [a.name, a]));
}

export const SEARCH_VOCABULARY: SearchVocabulary = createSearchVocabulary(SEARCH_ATTRIBUTES);

// ---------------------------------------------------------------- validation

const ORDERING: ReadonlySet<string> = new Set<Comparator>(['gt', 'gte', 'lt', 'lte']);
const LISTS: ReadonlySet<string> = new Set<Comparator>(['in', 'nin']);
const TEXT: ReadonlySet<string> = new Set<Comparator>(['contain', 'like']);

type Kind = 'string' | 'number' | 'boolean';
const kindOf = (type: AttributeType): Kind => (type === 'integer' ? 'number' : type);
const isPlainObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
const describe = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function valueError(kind: Kind, v: unknown): string | null {
  if (kind === 'number') return typeof v === 'number' && Number.isFinite(v) ? null : `must be a finite number, got ${describe(v)}`;
  if (kind === 'boolean') return typeof v === 'boolean' ? null : `must be a boolean, got ${describe(v)}`;
  if (typeof v !== 'string') return `must be a string, got ${describe(v)}`;
  return v.length === 0 ? 'must not be an empty string' : null;
}

/** IR nodes carry `kind` and never both `comparator` and `operator` (wire nodes always do). */
const isIrNode = (x: unknown): x is FilterNode =>
  isPlainObject(x) && (x.kind === 'comparison' || x.kind === 'operation') && !('comparator' in x && 'operator' in x);

/**
 * A filter checked against the vocabulary: its structure by parseWireNode (five wire fields, a leaf
 * or an operation, known comparators and operators, `or` >= 1 argument, `not` exactly 1, an
 * operation at the root), then its meaning here (known attributes; values of the attribute's type,
 * in/nin a non-empty array of it; gt/gte/lt/lte only on numbers, contain/like only on strings).
 * Accepts the IR or a wire node (an untrusted LLM answer). The rules are those of
 * shared/tools/filter-eval.mjs validateFilter; each message starts with the JSON path of its node.
 */
export function checkFilter(input: unknown, vocabulary: SearchVocabulary = SEARCH_VOCABULARY): WireParseResult {
  const parsed = parseWireNode(isIrNode(input) ? toWireNode(input) : input);
  if (!parsed.ok) return parsed;
  const problems: string[] = [];
  const visit = (n: FilterNode, path: string): void => {
    if (n.kind === 'operation') {
      n.arguments.forEach((a, i) => visit(a, `${path}.arguments[${i}]`));
      return;
    }
    const spec = vocabulary.get(n.attribute);
    if (!spec) {
      problems.push(`${path}: unknown attribute ${JSON.stringify(n.attribute)}`);
      return;
    }
    const kind = kindOf(spec.type);
    const value: unknown = n.value;
    if (ORDERING.has(n.comparator) && kind !== 'number') {
      problems.push(`${path}: "${n.comparator}" needs a numeric attribute; ${spec.name} is ${spec.type}`);
    } else if (TEXT.has(n.comparator) && kind !== 'string') {
      problems.push(`${path}: "${n.comparator}" needs a string attribute; ${spec.name} is ${spec.type}`);
    } else if (LISTS.has(n.comparator)) {
      if (!Array.isArray(value) || value.length === 0) {
        problems.push(`${path}: "${n.comparator}" needs a non-empty array value, got ${describe(value)}`);
      } else {
        value.forEach((v, i) => {
          const e = valueError(kind, v);
          if (e) problems.push(`${path}.value[${i}]: ${spec.name} ${e}`);
        });
      }
    } else {
      const e = valueError(kind, value);
      if (e) problems.push(`${path}.value: ${spec.name} ${e}`);
    }
  };
  visit(parsed.node, '$');
  return problems.length ? { ok: false, problems } : parsed;
}

/** Problems of a filter against the vocabulary; [] when valid (see checkFilter). */
export function validateFilter(node: unknown, vocabulary: SearchVocabulary = SEARCH_VOCABULARY): string[] {
  const result = checkFilter(node, vocabulary);
  return result.ok ? [] : result.problems;
}
