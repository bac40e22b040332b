/**
 * The search vocabulary (shared/spec/search-vocabulary.md): the attributes a filter may name,
 * their types and canonical values, and the validator applied to every filter that leaves the
 * translators (the rule-based one, and an LLM's answer before it is trusted).
 */
import {
  COMPARATORS,
  LOGICAL_OPERATORS,
  WIRE_NODE_FIELDS,
  type Comparator,
  type FilterNode,
  toWireNode,
} from './filter-expression';

export type AttributeType = 'string' | 'number' | 'integer' | 'boolean';

export interface SearchAttribute {
  readonly name: string;
  readonly type: AttributeType;
  /** Canonical values, when the attribute has a closed set (matching is case-insensitive). */
  readonly values?: readonly string[];
  readonly description: string;
}

export const CONDITIONS = ['new', 'used'] as const;
export const BODY_TYPES = ['SUV', 'Sedan', 'Truck', 'Coupe', 'Hatchback', 'Minivan', 'Convertible', 'Wagon', 'Van'] as const;
export const COLORS = [
  'Black', 'White', 'Silver', 'Gray', 'Red', 'Blue', 'Green', 'Brown', 'Beige', 'Gold', 'Orange', 'Yellow', 'Purple',
] as const;
export const FUEL_TYPES = ['Gasoline', 'Diesel', 'Hybrid', 'Plug-in Hybrid', 'Electric'] as const;
export const TRANSMISSIONS = ['Automatic', 'Manual'] as const;
export const DRIVE_TRAINS = ['AWD', '4WD', 'FWD', 'RWD'] as const;

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
const MAX_DEPTH = 32;

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
 * Problems of a filter against the vocabulary; [] when valid. Accepts the IR or a wire node
 * (an untrusted LLM answer). Same rules as shared/tools/filter-eval.mjs validateFilter: every
 * node has exactly the five wire fields; a leaf has a known comparator and attribute, operator
 * null and arguments []; an operation has a known operator, null comparator/attribute/value and
 * node arguments (`or` at least one, `not` exactly one); the root is an operation; values have
 * the attribute's type (in/nin: a non-empty array of it); gt/gte/lt/lte only on numbers,
 * contain/like only on strings. Each message starts with the JSON path of the offending node.
 */
export function validateFilter(node: unknown, vocabulary: SearchVocabulary = SEARCH_VOCABULARY): string[] {
  const root: unknown = isIrNode(node) ? toWireNode(node) : node;
  const errors: string[] = [];
  const visit = (n: unknown, path: string, depth: number): void => {
    if (!isPlainObject(n)) {
      errors.push(`${path}: node must be an object, got ${describe(n)}`);
      return;
    }
    if (depth > MAX_DEPTH) {
      errors.push(`${path}: nested deeper than ${MAX_DEPTH}`);
      return;
    }
    for (const f of WIRE_NODE_FIELDS) if (!(f in n)) errors.push(`${path}: missing field "${f}"`);
    for (const f of Object.keys(n)) {
      if (!(WIRE_NODE_FIELDS as readonly string[]).includes(f)) errors.push(`${path}: unknown field "${f}"`);
    }
    const comparator = n.comparator ?? null;
    const attribute = n.attribute ?? null;
    const value = n.value ?? null;
    const operator = n.operator ?? null;
    const args = n.arguments;
    if (operator !== null && comparator !== null) {
      errors.push(`${path}: a node is either a leaf (comparator) or an operation (operator), not both`);
      return;
    }
    if (operator !== null) {
      if (!(LOGICAL_OPERATORS as readonly unknown[]).includes(operator)) errors.push(`${path}: unknown operator ${JSON.stringify(operator)}`);
      if (attribute !== null) errors.push(`${path}: an operation must have attribute null`);
      if (value !== null) errors.push(`${path}: an operation must have value null`);
      if (!Array.isArray(args)) {
        errors.push(`${path}: arguments must be an array`);
        return;
      }
      if (operator === 'or' && args.length === 0) errors.push(`${path}: "or" needs at least one argument`);
      if (operator === 'not' && args.length !== 1) errors.push(`${path}: "not" needs exactly one argument, got ${args.length}`);
      args.forEach((a, i) => visit(a, `${path}.arguments[${i}]`, depth + 1));
      return;
    }
    if (path === '$') errors.push('$: the root must be an operation (and/or/not), not a leaf');
    if (comparator === null) {
      errors.push(`${path}: node has neither comparator nor operator`);
      return;
    }
    const knownComparator = (COMPARATORS as readonly unknown[]).includes(comparator);
    if (!knownComparator) errors.push(`${path}: unknown comparator ${JSON.stringify(comparator)}`);
    if (!Array.isArray(args) || args.length !== 0) errors.push(`${path}: a leaf must have arguments []`);
    const spec = typeof attribute === 'string' ? vocabulary.get(attribute) : undefined;
    if (!spec) {
      errors.push(`${path}: unknown attribute ${JSON.stringify(attribute)}`);
      return;
    }
    if (!knownComparator) return;
    const cmp = comparator as string;
    const kind = kindOf(spec.type);
    if (ORDERING.has(cmp) && kind !== 'number') {
      errors.push(`${path}: "${cmp}" needs a numeric attribute; ${spec.name} is ${spec.type}`);
    } else if (TEXT.has(cmp) && kind !== 'string') {
      errors.push(`${path}: "${cmp}" needs a string attribute; ${spec.name} is ${spec.type}`);
    } else if (LISTS.has(cmp)) {
      if (!Array.isArray(value) || value.length === 0) {
        errors.push(`${path}: "${cmp}" needs a non-empty array value, got ${describe(value)}`);
      } else {
        value.forEach((v, i) => {
          const e = valueError(kind, v);
          if (e) errors.push(`${path}.value[${i}]: ${spec.name} ${e}`);
        });
      }
    } else {
      const e = valueError(kind, value);
      if (e) errors.push(`${path}.value: ${spec.name} ${e}`);
    }
  };
  visit(root, '$', 0);
  return errors;
}
