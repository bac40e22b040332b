/**
 * Test helper: expected filters written compactly, one condition per `;`:
 *   "color in Red,Blue ; price lt 30000 ; or(manufacturer eq Tesla, fuel_type eq Electric) ; not(options contain sunroof)"
 * Numbers and booleans are typed by the attribute (model "1500" and trim names stay strings).
 * The whole expression is the root `and`; an empty string is `and()`.
 */
import { and, comparison, operation, type Comparator, type FilterNode, type LogicalOperator, type ScalarValue, type WireFilterNode } from '../../../libs/common/vehicle/filter-expression';
import { SEARCH_VOCABULARY } from '../../../libs/common/vehicle/car-attributes';

function splitTopLevel(s: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === sep && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

const LEAF = /^(\w+) (eq|ne|gt|gte|lt|lte|contain|like|in|nin) (.+)$/;
const isNodeText = (s: string): boolean => LEAF.test(s) || /^(and|or|not)\(/.test(s);

function scalar(attribute: string, raw: string): ScalarValue {
  const type = SEARCH_VOCABULARY.get(attribute)?.type;
  if (type === 'boolean') return raw === 'true';
  if (type === 'number' || type === 'integer') return Number(raw);
  return raw;
}

function node(text: string): FilterNode {
  const op = /^(and|or|not)\((.*)\)$/.exec(text);
  if (op) {
    // commas separate arguments, except inside an in/nin list: rejoin those pieces
    const args: string[] = [];
    for (const piece of splitTopLevel(op[2], ',')) {
      if (isNodeText(piece) || args.length === 0) args.push(piece);
      else args[args.length - 1] += `,${piece}`;
    }
    return operation(op[1] as LogicalOperator, args.map(node));
  }
  const m = LEAF.exec(text);
  if (!m) throw new Error(`bad condition ${JSON.stringify(text)}`);
  const [, attribute, comparator, raw] = m;
  const value = comparator === 'in' || comparator === 'nin'
    ? raw.split(',').map((v) => scalar(attribute, v.trim()))
    : scalar(attribute, raw.trim());
  return comparison(comparator as Comparator, attribute, value);
}

export function expectation(text: string): FilterNode {
  return and(...splitTopLevel(text, ';').map(node));
}

/** The values a translated filter (eq or in, wherever they stand) gives an attribute. */
export function valuesOf(node: WireFilterNode, attribute: string): string[] {
  const own = node.attribute === attribute ? [node.value].flat().map(String) : [];
  return [...own, ...node.arguments.flatMap((a) => valuesOf(a, attribute))];
}
