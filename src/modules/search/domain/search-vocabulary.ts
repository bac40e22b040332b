/**
 * The validator applied to every filter that leaves the translators (the rule-based one, and an
 * LLM's answer before it is trusted), against the search vocabulary (shared/spec/search-vocabulary.md:
 * the attributes, their types and canonical values, libs/common/vehicle/car-attributes.ts).
 */
import { type AttributeType, SEARCH_VOCABULARY, type SearchVocabulary } from '../../../../libs/common/vehicle/car-attributes';
import { type Comparator, type FilterNode, parseWireNode, toWireNode, type WireParseResult } from '../../../../libs/common/vehicle/filter-expression';

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
