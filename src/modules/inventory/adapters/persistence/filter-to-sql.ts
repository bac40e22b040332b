import { featureBit } from '../../../../../libs/common/vehicle/car-features';
import { Comparison, FilterNode, ScalarValue } from '../../../../../libs/common/vehicle/filter-expression';
import { SEARCH_VOCABULARY } from '../../../../../libs/common/vehicle/car-attributes';

export type SqlDialect = 'mysql' | 'sqlite';

/** The column holding each car's mask of CAR_FEATURES (see featureMask). */
export const FEATURE_FLAGS = 'feature_flags';

export interface CompiledFilter {
  /** A boolean SQL expression that is never NULL, with named parameters (`:f0`, `:...f1`). */
  sql: string;
  params: Record<string, unknown>;
}

/**
 * Turns a filter expression into one parameterised SQL condition with the evaluation semantics of
 * the search vocabulary: strings compare case-insensitively, `contain` is a substring test, `like`
 * is SQL LIKE with `\` escapes, and a missing value (NULL, or '' for strings) fails every
 * comparison except `ne`/`nin`. Every leaf is written so it is TRUE or FALSE, never NULL, which
 * keeps `not` exact. Values never enter the SQL text; attributes come from the vocabulary only and
 * are mapped to columns by `column`.
 *
 * `contain` of a known feature in `options` (CAR_FEATURES) is a test of its bit in the
 * `feature_flags` column, which uploads set to exactly that substring test (no text is scanned);
 * any other `contain` of options is a LIKE. `prefix` names the parameters (`:f0`, ...): filters
 * compiled into one statement each need their own.
 */
export function compileFilter(node: FilterNode, dialect: SqlDialect, column: (attribute: string) => string, prefix = 'f'): CompiledFilter {
  const params: Record<string, unknown> = {};
  let counter = 0;
  const param = (value: unknown): string => {
    const name = `${prefix}${counter++}`;
    params[name] = value;
    return name;
  };
  // MySQL's utf8mb4_unicode_ci columns already compare case-insensitively; SQLite needs NOCASE.
  const ci = dialect === 'sqlite' ? ' COLLATE NOCASE' : '';

  /**
   * `exact`: the leaf is under a `not`, so it must be FALSE, not NULL, for a missing value. Elsewhere
   * NULL and FALSE select the same cars (AND and OR give TRUE from NULL only where they would from
   * FALSE), so a comparison that a missing value (NULL, or '' unless the value is '') already fails
   * needs no presence test: fewer operations per car scanned.
   */
  const leaf = (c: Comparison, exact: boolean): string => {
    const attribute = SEARCH_VOCABULARY.get(c.attribute);
    if (!attribute) throw new Error(`unknown search attribute ${c.attribute}`);
    const col = column(c.attribute);
    const isString = attribute.type === 'string';
    const present = isString ? `(${col} IS NOT NULL AND ${col} <> '')` : `${col} IS NOT NULL`;
    const missing = isString ? `(${col} IS NULL OR ${col} = '')` : `${col} IS NULL`;
    const bind = (v: ScalarValue) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);
    const values = Array.isArray(c.value) ? (c.value as ScalarValue[]).map(bind) : [];
    const value = Array.isArray(c.value) ? null : bind(c.value as ScalarValue);
    const cmp = isString ? ci : '';
    // '' compares below every other string, so only equality tests of non-empty strings reject it
    // (and MySQL compares a string with a number as numbers: '' = 0).
    const operands = Array.isArray(c.value) ? values : [value];
    const rejectsMissing = !exact && (isString
      ? ['eq', 'in', 'contain'].includes(c.comparator) && operands.every((v) => typeof v === 'string' && v !== '')
      : operands.every((v) => typeof v === 'number'));
    const guarded = (test: string) => (rejectsMissing ? test : `(${present} AND ${test})`);
    switch (c.comparator) {
      case 'eq': return guarded(`${col}${cmp} = :${param(value)}`);
      case 'ne': return `(${missing} OR ${col}${cmp} <> :${param(value)})`;
      case 'gt': return guarded(`${col} > :${param(value)}`);
      case 'gte': return guarded(`${col} >= :${param(value)}`);
      case 'lt': return guarded(`${col} < :${param(value)}`);
      case 'lte': return guarded(`${col} <= :${param(value)}`);
      case 'in': return guarded(`${col}${cmp} IN (:...${param(values)})`);
      case 'nin': return `(${missing} OR ${col}${cmp} NOT IN (:...${param(values)}))`;
      case 'contain': {
        const bit = c.attribute === 'options' ? featureBit(String(value)) : null;
        if (bit !== null) return `((${column(FEATURE_FLAGS)} & :${param(bit)}) <> 0)`;
        return guarded(`${col} LIKE :${param(`%${escapeLike(String(value))}%`)} ESCAPE '!'`);
      }
      case 'like': return `(${present} AND ${col} LIKE :${param(likeWithBang(String(value)))} ESCAPE '!')`;
    }
  };

  const visit = (n: FilterNode, exact: boolean): string => {
    if (n.kind === 'comparison') return leaf(n, exact);
    const parts = n.arguments.map((a) => visit(a, exact || n.operator === 'not'));
    switch (n.operator) {
      case 'and': return parts.length ? `(${parts.join(' AND ')})` : '1 = 1';
      case 'or': return parts.length ? `(${parts.join(' OR ')})` : '1 = 0';
      // The vocabulary's `not` negates the conjunction of its arguments.
      case 'not': return `NOT (${parts.length ? parts.join(' AND ') : '1 = 1'})`;
    }
  };
  return { sql: visit(node, false), params };
}

/** `!` is the LIKE escape character on both dialects (MySQL would need `\\` spelled differently). */
function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}

/** A vocabulary LIKE pattern (`\` escapes) in `!`-escape form. */
function likeWithBang(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) out += escapeLike(pattern[++i]);
    else if (c === '!') out += '!!';
    else out += c;
  }
  return out;
}
