/**
 * Filter expressions of search (shared with inventory, which runs them): the self-query IR of LangChain (Python
 * `langchain_core.structured_query`: `Comparison`, `Operation` with `arguments`) with its ten
 * comparators. LangChain JS has only six comparators and names the children `args`, so the domain
 * owns these types; adapters convert where LangChain classes are used.
 *
 * The wire shape (decisions.md section 4) always carries five fields:
 *   leaf:      { comparator, attribute, value, operator: null, arguments: [] }
 *   operation: { comparator: null, attribute: null, value: null, operator, arguments: [...] }
 */

const COMPARATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'contain', 'like', 'in', 'nin'] as const;
export type Comparator = (typeof COMPARATORS)[number];

const LOGICAL_OPERATORS = ['and', 'or', 'not'] as const;
export type LogicalOperator = (typeof LOGICAL_OPERATORS)[number];

export type ScalarValue = string | number | boolean;
export type FilterValue = ScalarValue | readonly ScalarValue[];

export interface Comparison {
  readonly kind: 'comparison';
  readonly comparator: Comparator;
  readonly attribute: string;
  readonly value: FilterValue;
}

export interface Operation {
  readonly kind: 'operation';
  readonly operator: LogicalOperator;
  readonly arguments: readonly FilterNode[];
}

export type FilterNode = Comparison | Operation;

// ---------------------------------------------------------------- constructors

export function comparison(comparator: Comparator, attribute: string, value: FilterValue): Comparison {
  return { kind: 'comparison', comparator, attribute, value: Array.isArray(value) ? [...value] : value };
}

export function operation(operator: LogicalOperator, args: readonly FilterNode[]): Operation {
  return { kind: 'operation', operator, arguments: [...args] };
}

export function and(...args: FilterNode[]): Operation {
  return operation('and', args);
}

export function or(...args: FilterNode[]): Operation {
  return operation('or', args);
}

export function not(arg: FilterNode): Operation {
  return operation('not', [arg]);
}

// ---------------------------------------------------------------- wire shape

type WireScalar = string | number | boolean;

export interface WireFilterNode {
  comparator: Comparator | null;
  attribute: string | null;
  value: WireScalar | WireScalar[] | null;
  operator: LogicalOperator | null;
  arguments: WireFilterNode[];
}

const WIRE_NODE_FIELDS = ['comparator', 'attribute', 'value', 'operator', 'arguments'] as const;

/** IR -> the five-field wire node of decisions.md section 4. */
export function toWireNode(node: FilterNode): WireFilterNode {
  if (node.kind === 'operation') {
    return {
      comparator: null,
      attribute: null,
      value: null,
      operator: node.operator,
      arguments: node.arguments.map(toWireNode),
    };
  }
  return {
    comparator: node.comparator,
    attribute: node.attribute,
    value: Array.isArray(node.value) ? [...(node.value as readonly WireScalar[])] : (node.value as WireScalar),
    operator: null,
    arguments: [],
  };
}

/** Thrown by fromWireNode; `problems` lists every structural problem with its JSON path. */
export class InvalidFilterExpressionError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid filter expression: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (+${problems.length - 5} more)` : ''}`);
    this.name = 'InvalidFilterExpressionError';
  }
}

export type WireParseResult = { ok: true; node: FilterNode } | { ok: false; problems: string[] };

const MAX_DEPTH = 32;
const isPlainObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
const describeValue = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const isScalar = (v: unknown): v is WireScalar =>
  typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/**
 * Parses an untrusted wire node (for example an LLM's answer) into the IR, checking its structure:
 * exactly the five fields, a leaf or an operation (not both), known comparators and operators,
 * scalar or array values, `or` with at least one argument, `not` with exactly one, and an
 * operation at the root. Attribute names and value types are checked by checkFilter against
 * the search vocabulary.
 */
export function parseWireNode(input: unknown): WireParseResult {
  const problems: string[] = [];
  const visit = (raw: unknown, path: string, depth: number): FilterNode | null => {
    if (!isPlainObject(raw)) {
      problems.push(`${path}: node must be an object, got ${describeValue(raw)}`);
      return null;
    }
    if (depth > MAX_DEPTH) {
      problems.push(`${path}: nested deeper than ${MAX_DEPTH}`);
      return null;
    }
    for (const f of WIRE_NODE_FIELDS) if (!(f in raw)) problems.push(`${path}: missing field "${f}"`);
    for (const f of Object.keys(raw)) {
      if (!(WIRE_NODE_FIELDS as readonly string[]).includes(f)) problems.push(`${path}: unknown field "${f}"`);
    }
    const comparator = raw.comparator ?? null;
    const attribute = raw.attribute ?? null;
    const value = raw.value ?? null;
    const operator = raw.operator ?? null;
    const args = raw.arguments;
    if (operator !== null && comparator !== null) {
      problems.push(`${path}: a node is either a leaf (comparator) or an operation (operator), not both`);
      return null;
    }
    if (operator !== null) {
      let ok = true;
      if (!(LOGICAL_OPERATORS as readonly unknown[]).includes(operator)) {
        problems.push(`${path}: unknown operator ${JSON.stringify(operator)}`);
        ok = false;
      }
      if (attribute !== null) problems.push(`${path}: an operation must have attribute null`);
      if (value !== null) problems.push(`${path}: an operation must have value null`);
      if (!Array.isArray(args)) {
        problems.push(`${path}: arguments must be an array`);
        return null;
      }
      if (operator === 'or' && args.length === 0) problems.push(`${path}: "or" needs at least one argument`);
      if (operator === 'not' && args.length !== 1) problems.push(`${path}: "not" needs exactly one argument, got ${args.length}`);
      const children = args.map((a, i) => visit(a, `${path}.arguments[${i}]`, depth + 1));
      if (!ok || children.some((c) => c === null)) return null;
      return operation(operator as LogicalOperator, children as FilterNode[]);
    }
    if (path === '$') problems.push('$: the root must be an operation (and/or/not), not a leaf');
    if (comparator === null) {
      problems.push(`${path}: node has neither comparator nor operator`);
      return null;
    }
    let ok = true;
    if (!(COMPARATORS as readonly unknown[]).includes(comparator)) {
      problems.push(`${path}: unknown comparator ${JSON.stringify(comparator)}`);
      ok = false;
    }
    if (!Array.isArray(args) || args.length !== 0) problems.push(`${path}: a leaf must have arguments []`);
    if (typeof attribute !== 'string' || attribute === '') {
      problems.push(`${path}: attribute must be a non-empty string, got ${describeValue(attribute)}`);
      ok = false;
    }
    if (Array.isArray(value)) {
      value.forEach((v, i) => {
        if (!isScalar(v)) {
          problems.push(`${path}.value[${i}]: must be a string, finite number or boolean, got ${describeValue(v)}`);
          ok = false;
        }
      });
    } else if (!isScalar(value)) {
      problems.push(`${path}.value: must be a string, finite number, boolean or array, got ${describeValue(value)}`);
      ok = false;
    }
    if (!ok) return null;
    return comparison(comparator as Comparator, attribute as string, value as FilterValue);
  };
  const node = visit(input, '$', 0);
  return problems.length === 0 && node !== null ? { ok: true, node } : { ok: false, problems };
}

/** Wire node -> IR; throws InvalidFilterExpressionError listing the structural problems. */
export function fromWireNode(input: unknown): FilterNode {
  const result = parseWireNode(input);
  if (!result.ok) throw new InvalidFilterExpressionError(result.problems);
  return result.node;
}

/** Compact one-line rendering for logs and test messages: and(manufacturer eq "Toyota", price lt 30000). */
export function renderFilter(node: FilterNode): string {
  if (node.kind === 'operation') return `${node.operator}(${node.arguments.map(renderFilter).join(', ')})`;
  return `${node.attribute} ${node.comparator} ${JSON.stringify(node.value)}`;
}
