// Copied from the shared reference tools (../shared/tools/filter-eval.mjs, the evaluator the maintainers'
// scorer uses) so that bench/eval-search-generated.mjs runs from a clone, which has no ../shared.
// Changed: ATTRIBUTES adds fuel_economy_city and fuel_economy_highway (integers, mpg), which the
// generated eval's fuel-economy conventions filter on.
// Only what bench/ imports stays exported (npm run lint:dead).
//
// Filter expressions of the search translator (decisions.md section 4, search-vocabulary.md):
// a validator, an evaluator with the vocabulary's "Evaluation semantics", and loaders for the
// reference inventory. Node.js built-ins only.
//
//   import { validateFilter, evaluateFilter, selectVins, loadInventory } from './filter-eval.mjs';
//   const errors = validateFilter(filter);          // [] when well formed
//   const matches = evaluateFilter(filter, car);    // boolean
//   const vins = selectVins(filter, cars);          // sorted VINs of the selected cars
import { readFileSync } from 'node:fs';

const COMPARATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'contain', 'like', 'in', 'nin'];
const OPERATORS = ['and', 'or', 'not'];
const NODE_FIELDS = ['comparator', 'attribute', 'value', 'operator', 'arguments'];

/** Attribute -> type ('string' | 'number' | 'integer' | 'boolean'), from search-vocabulary.md. */
const ATTRIBUTES = Object.freeze({
  condition: 'string',
  certified: 'boolean',
  manufacturer: 'string',
  model: 'string',
  trim: 'string',
  year: 'integer',
  type: 'string',
  price: 'number',
  kilometers: 'integer',
  color: 'string',
  fuel_type: 'string',
  transmission: 'string',
  drive_train: 'string',
  seats: 'integer',
  doors: 'integer',
  horse_power: 'integer',
  fuel_economy_city: 'integer',
  fuel_economy_highway: 'integer',
  monthly_lease_payment: 'integer',
  monthly_finance_payment: 'integer',
  options: 'string',
  accident: 'boolean',
  stock_number: 'string',
  vin: 'string',
});

const ORDERING = new Set(['gt', 'gte', 'lt', 'lte']);
const LISTS = new Set(['in', 'nin']);
const TEXT = new Set(['contain', 'like']);
const MAX_DEPTH = 32;

const isPlainObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const kindOf = (type) => (type === 'integer' ? 'number' : type);
const describe = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function valueError(kind, v) {
  if (kind === 'number') return typeof v === 'number' && Number.isFinite(v) ? null : `must be a finite number, got ${describe(v)}`;
  if (kind === 'boolean') return typeof v === 'boolean' ? null : `must be a boolean, got ${describe(v)}`;
  if (typeof v !== 'string') return `must be a string, got ${describe(v)}`;
  return v.length === 0 ? 'must not be an empty string' : null;
}

/**
 * Checks the shape of a filter expression. Returns a list of messages, each prefixed with the
 * JSON path of the offending node ("$", "$.arguments[1]", ...); an empty list means well formed.
 * Rules: every node carries exactly the five fields; a leaf has a known comparator and attribute,
 * operator null and arguments []; an operation has a known operator, comparator/attribute/value
 * null and node arguments (`or` at least one, `not` exactly one); the root is an operation;
 * values have the attribute's type (in/nin: a non-empty array of it); gt/gte/lt/lte only on
 * numbers, contain/like only on strings.
 */
export function validateFilter(root) {
  const errors = [];
  const visit = (node, path, depth) => {
    if (!isPlainObject(node)) {
      errors.push(`${path}: node must be an object, got ${describe(node)}`);
      return;
    }
    if (depth > MAX_DEPTH) {
      errors.push(`${path}: nested deeper than ${MAX_DEPTH}`);
      return;
    }
    for (const f of NODE_FIELDS) if (!(f in node)) errors.push(`${path}: missing field "${f}"`);
    for (const f of Object.keys(node)) if (!NODE_FIELDS.includes(f)) errors.push(`${path}: unknown field "${f}"`);
    const { comparator = null, attribute = null, value = null, operator = null } = node;
    const args = node.arguments;
    if (operator !== null && comparator !== null) {
      errors.push(`${path}: a node is either a leaf (comparator) or an operation (operator), not both`);
      return;
    }
    if (operator !== null) {
      if (!OPERATORS.includes(operator)) errors.push(`${path}: unknown operator ${JSON.stringify(operator)}`);
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
    if (!COMPARATORS.includes(comparator)) errors.push(`${path}: unknown comparator ${JSON.stringify(comparator)}`);
    if (!Array.isArray(args) || args.length !== 0) errors.push(`${path}: a leaf must have arguments []`);
    const type = typeof attribute === 'string' ? ATTRIBUTES[attribute] : undefined;
    if (!Object.hasOwn(ATTRIBUTES, attribute ?? '')) {
      errors.push(`${path}: unknown attribute ${JSON.stringify(attribute)}`);
      return;
    }
    if (!COMPARATORS.includes(comparator)) return;
    const kind = kindOf(type);
    if (ORDERING.has(comparator) && kind !== 'number') {
      errors.push(`${path}: "${comparator}" needs a numeric attribute; ${attribute} is ${type}`);
    } else if (TEXT.has(comparator) && kind !== 'string') {
      errors.push(`${path}: "${comparator}" needs a string attribute; ${attribute} is ${type}`);
    } else if (LISTS.has(comparator)) {
      if (!Array.isArray(value) || value.length === 0) {
        errors.push(`${path}: "${comparator}" needs a non-empty array value, got ${describe(value)}`);
      } else {
        value.forEach((v, i) => {
          const e = valueError(kind, v);
          if (e) errors.push(`${path}.value[${i}]: ${attribute} ${e}`);
        });
      }
    } else {
      const e = valueError(kind, value);
      if (e) errors.push(`${path}.value: ${attribute} ${e}`);
    }
  };
  visit(root, '$', 0);
  return errors;
}

// ---------------------------------------------------------------- car values

const BOOLEAN_WORDS = new Map([
  ['yes', true], ['y', true], ['true', true], ['1', true],
  ['no', false], ['n', false], ['false', false], ['0', false],
]);

/**
 * The value of `attribute` on `car` in the attribute's type, or null when missing (absent, null,
 * empty or unparsable). Numbers are parsed from strings ("$27,995" -> 27995); booleans from
 * yes/no/true/false/y/n/1/0; strings are trimmed.
 */
function carValue(car, attribute) {
  const raw = car?.[attribute];
  if (raw === null || raw === undefined) return null;
  const kind = kindOf(ATTRIBUTES[attribute] ?? 'string');
  if (kind === 'number') {
    if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
    const s = String(raw).replace(/[$,\s]/g, '');
    if (s === '') return null;
    const n = Number(s);
    return Number.isFinite(n) ? n : null;
  }
  if (kind === 'boolean') {
    if (typeof raw === 'boolean') return raw;
    return BOOLEAN_WORDS.get(String(raw).trim().toLowerCase()) ?? null;
  }
  const s = String(raw).trim();
  return s === '' ? null : s;
}

const likeCache = new Map();
/** SQL LIKE pattern -> anchored, case-insensitive RegExp; `%` any run, `_` one char, `\` escapes. */
function likeToRegExp(pattern) {
  let re = likeCache.get(pattern);
  if (re) return re;
  let src = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) src += escapeRegExp(pattern[++i]);
    else if (c === '%') src += '.*';
    else if (c === '_') src += '.';
    else src += escapeRegExp(c);
  }
  re = new RegExp(`^${src}$`, 'is');
  if (likeCache.size > 10000) likeCache.clear();
  likeCache.set(pattern, re);
  return re;
}
const escapeRegExp = (c) => c.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

function same(kind, a, b) {
  if (kind === 'string') return typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
  return a === b;
}

function compare(node, car) {
  const { comparator, attribute, value } = node;
  const kind = kindOf(ATTRIBUTES[attribute]);
  const a = carValue(car, attribute);
  if (a === null) return comparator === 'ne' || comparator === 'nin';
  switch (comparator) {
    case 'eq': return same(kind, a, value);
    case 'ne': return !same(kind, a, value);
    case 'gt': return a > value;
    case 'gte': return a >= value;
    case 'lt': return a < value;
    case 'lte': return a <= value;
    case 'in': return value.some((v) => same(kind, a, v));
    case 'nin': return !value.some((v) => same(kind, a, v));
    case 'contain': return a.toLowerCase().includes(value.toLowerCase());
    case 'like': return likeToRegExp(value).test(a);
    default: throw new Error(`unknown comparator ${JSON.stringify(comparator)}`);
  }
}

/**
 * True when `car` is selected by `node`. Expects a filter that validateFilter accepts.
 * `and` of no arguments selects every car; `not` negates its single argument.
 */
export function evaluateFilter(node, car) {
  switch (node.operator) {
    case null:
    case undefined:
      return compare(node, car);
    case 'and': return node.arguments.every((n) => evaluateFilter(n, car));
    case 'or': return node.arguments.some((n) => evaluateFilter(n, car));
    case 'not': return !node.arguments.every((n) => evaluateFilter(n, car));
    default: throw new Error(`unknown operator ${JSON.stringify(node.operator)}`);
  }
}

/** Sorted, upper-cased VINs of the cars selected by `filter`. */
export function selectVins(filter, cars) {
  const out = [];
  for (const car of cars) if (evaluateFilter(filter, car)) out.push(String(car.vin).toUpperCase());
  return out.sort();
}

export function sameSelection(a, b) {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

// ---------------------------------------------------------------- inventory files

/** RFC 4180 CSV -> array of objects keyed by the header row. */
export function parseCsv(text, delimiter = ',') {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  const [header, ...data] = rows.filter((r) => !(r.length === 1 && r[0] === ''));
  if (!header) return [];
  return data.map((r) => Object.fromEntries(header.map((h, j) => [h.trim(), r[j] ?? ''])));
}

/**
 * The reference inventory: used cars from the CSV and new cars from the JSON (an array, or an
 * object with `cars`). Values are kept as written; carValue() types them when filters run.
 */
export function loadInventory({ csvPath, jsonPath } = {}) {
  const cars = [];
  if (csvPath) cars.push(...parseCsv(readFileSync(csvPath, 'utf8')));
  if (jsonPath) {
    const parsed = JSON.parse(readFileSync(jsonPath, 'utf8'));
    cars.push(...(Array.isArray(parsed) ? parsed : parsed.cars));
  }
  return cars;
}
