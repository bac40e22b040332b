/**
 * Test helper: the evaluation semantics of shared/tools/filter-eval.mjs (evaluateFilter,
 * selectVins, loadInventory), ported faithfully so that CommonJS specs can score execution
 * accuracy without spawning node. Works on wire nodes (the five-field JSON shape) so that the
 * translator's output is evaluated exactly as the scorer sees it.
 */
import { readFileSync } from 'node:fs';
import type { WireFilterNode } from '../../../libs/common/vehicle/filter-expression';
import { SEARCH_VOCABULARY, type AttributeType } from '../../../libs/common/vehicle/car-attributes';

export type Car = Record<string, unknown>;
type Kind = 'string' | 'number' | 'boolean';
type CarValue = string | number | boolean | null;

const kindOf = (type: AttributeType | undefined): Kind => (type === undefined ? 'string' : type === 'integer' ? 'number' : type);
const attributeKind = (attribute: string | null): Kind => kindOf(attribute === null ? undefined : SEARCH_VOCABULARY.get(attribute)?.type);

const BOOLEAN_WORDS = new Map<string, boolean>([
  ['yes', true], ['y', true], ['true', true], ['1', true],
  ['no', false], ['n', false], ['false', false], ['0', false],
]);

/** The attribute's value on the car in its type, or null when missing (absent, null, empty, unparsable). */
export function carValue(car: Car, attribute: string): CarValue {
  const raw = car[attribute];
  if (raw === null || raw === undefined) return null;
  const kind = attributeKind(attribute);
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

const escapeRegExp = (c: string): string => c.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
const likeCache = new Map<string, RegExp>();

/** SQL LIKE pattern -> anchored, case-insensitive RegExp; `%` any run, `_` one char, `\` escapes. */
function likeToRegExp(pattern: string): RegExp {
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

function same(kind: Kind, a: CarValue, b: unknown): boolean {
  if (kind === 'string') return typeof b === 'string' && String(a).toLowerCase() === b.toLowerCase();
  return a === b;
}

function compare(node: WireFilterNode, car: Car): boolean {
  const { comparator, attribute, value } = node;
  const kind = attributeKind(attribute);
  const a = carValue(car, attribute ?? '');
  if (a === null) return comparator === 'ne' || comparator === 'nin';
  const list = Array.isArray(value) ? value : [];
  switch (comparator) {
    case 'eq': return same(kind, a, value);
    case 'ne': return !same(kind, a, value);
    case 'gt': return (a as number) > (value as number);
    case 'gte': return (a as number) >= (value as number);
    case 'lt': return (a as number) < (value as number);
    case 'lte': return (a as number) <= (value as number);
    case 'in': return list.some((v) => same(kind, a, v));
    case 'nin': return !list.some((v) => same(kind, a, v));
    case 'contain': return String(a).toLowerCase().includes(String(value).toLowerCase());
    case 'like': return likeToRegExp(String(value)).test(String(a));
    default: throw new Error(`unknown comparator ${JSON.stringify(comparator)}`);
  }
}

/** True when the car is selected; `and` of no arguments selects every car. Expects a valid filter. */
function evaluateFilter(node: WireFilterNode, car: Car): boolean {
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

/** Sorted, upper-cased VINs of the cars selected by the filter. */
export function selectVins(filter: WireFilterNode, cars: readonly Car[]): string[] {
  const out: string[] = [];
  for (const car of cars) if (evaluateFilter(filter, car)) out.push(String(car.vin).toUpperCase());
  return out.sort();
}

export const sameSelection = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** RFC 4180 CSV -> objects keyed by the header row. */
export function parseCsv(text: string, delimiter = ','): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
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

/** Used cars from the CSV and new cars from the JSON (an array, or `{ cars }`), values as written. */
export function loadInventory({ csvPath, jsonPath }: { csvPath?: string; jsonPath?: string }): Car[] {
  const cars: Car[] = [];
  if (csvPath) cars.push(...parseCsv(readFileSync(csvPath, 'utf8')));
  if (jsonPath) {
    const parsed = JSON.parse(readFileSync(jsonPath, 'utf8')) as Car[] | { cars: Car[] };
    cars.push(...(Array.isArray(parsed) ? parsed : parsed.cars));
  }
  return cars;
}
