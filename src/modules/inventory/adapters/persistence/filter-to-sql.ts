import { featureBit } from '../../../../../libs/common/vehicle/car-features';
import { Comparison, FilterNode, ScalarValue } from '../../domain/search/filter-expression';
import { SEARCH_VOCABULARY } from '../../domain/search/search-vocabulary';

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
 * any other `contain` of options is a LIKE.
 */
export function compileFilter(node: FilterNode, dialect: SqlDialect, column: (attribute: string) => string): CompiledFilter {
  const params: Record<string, unknown> = {};
  let counter = 0;
  const param = (value: unknown): string => {
    const name = `f${counter++}`;
    params[name] = value;
    return name;
  };
  // MySQL's utf8mb4_unicode_ci columns already compare case-insensitively; SQLite needs NOCASE.
  const ci = dialect === 'sqlite' ? ' COLLATE NOCASE' : '';

  const leaf = (c: Comparison): string => {
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
    switch (c.comparator) {
      case 'eq': return `(${present} AND ${col}${cmp} = :${param(value)})`;
      case 'ne': return `(${missing} OR ${col}${cmp} <> :${param(value)})`;
      case 'gt': return `(${present} AND ${col} > :${param(value)})`;
      case 'gte': return `(${present} AND ${col} >= :${param(value)})`;
      case 'lt': return `(${present} AND ${col} < :${param(value)})`;
      case 'lte': return `(${present} AND ${col} <= :${param(value)})`;
      case 'in': return `(${present} AND ${col}${cmp} IN (:...${param(values)}))`;
      case 'nin': return `(${missing} OR ${col}${cmp} NOT IN (:...${param(values)}))`;
      case 'contain': {
        const bit = c.attribute === 'options' ? featureBit(String(value)) : null;
        if (bit !== null) return `((${column(FEATURE_FLAGS)} & :${param(bit)}) <> 0)`;
        return `(${present} AND ${col} LIKE :${param(`%${escapeLike(String(value))}%`)} ESCAPE '!')`;
      }
      case 'like': return `(${present} AND ${col} LIKE :${param(likeWithBang(String(value)))} ESCAPE '!')`;
    }
  };

  const visit = (n: FilterNode): string => {
    if (n.kind === 'comparison') return leaf(n);
    const parts = n.arguments.map(visit);
    switch (n.operator) {
      case 'and': return parts.length ? `(${parts.join(' AND ')})` : '1 = 1';
      case 'or': return parts.length ? `(${parts.join(' OR ')})` : '1 = 0';
      // The vocabulary's `not` negates the conjunction of its arguments.
      case 'not': return `NOT (${parts.length ? parts.join(' AND ') : '1 = 1'})`;
    }
  };
  return { sql: visit(node), params };
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
