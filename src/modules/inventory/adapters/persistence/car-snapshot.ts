import { featureBit } from '../../../../../libs/common/vehicle/car-features';
import { SEARCH_ATTRIBUTES, SEARCH_VOCABULARY, SortKey } from '../../../../../libs/common/vehicle/car-attributes';
import { Comparison, FilterNode, ScalarValue } from '../../../../../libs/common/vehicle/filter-expression';
import { FEATURE_FLAGS, SqlDialect } from './filter-to-sql';

/**
 * The orders of a search: column, direction; NULLs sort last either way, then VIN and condition
 * (the key) break ties so pages never overlap. The SQL path and the snapshot both read it.
 */
export const SEARCH_ORDER: Record<SortKey | 'default', readonly (readonly [string, 'ASC' | 'DESC'])[]> = {
  default: [['year', 'DESC'], ['price', 'ASC']],
  price_asc: [['price', 'ASC'], ['year', 'DESC']],
  price_desc: [['price', 'DESC'], ['year', 'DESC']],
  year_desc: [['year', 'DESC'], ['price', 'ASC']],
  year_asc: [['year', 'ASC'], ['price', 'ASC']],
  kilometers_asc: [['kilometers', 'ASC'], ['price', 'ASC']],
};

/**
 * The search attributes a snapshot holds: all but `options` (free text of up to 4,000 characters a
 * car: its known features are the mask, anything else asked of it runs in SQL). So a car costs
 * about 200 bytes here, whatever its feed.
 */
const HELD_ATTRIBUTES = SEARCH_ATTRIBUTES.filter((a) => a.name !== 'options');
/** The columns of inventory_cars a snapshot reads: the held attributes and the feature mask. */
export const SNAPSHOT_COLUMNS: readonly string[] = [...HELD_ATTRIBUTES.map((a) => a.name), FEATURE_FLAGS];

/** A car's primary key within its dealership, as the database spells it. */
export interface SnapshotKey {
  condition: string;
  vin: string;
}

/** Integer columns mark a missing value with it (a stored value equal to it makes the column unusable). */
const NULL_INT = -2147483648;
const isNull = (x: number) => x !== x || x === NULL_INT; // NaN: a missing price
/** Larger values, or more decimals, might compare differently as doubles than as the database's decimals. */
const exactNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < 1e9 && Math.round(v * 1e6) / 1e6 === v;
/** Printable ASCII: MySQL's utf8mb4_unicode_ci compares such text as ASCII case folding does (no accents, no ignorable characters). */
const ascii = (s: string) => /^[\x20-\x7e]*$/.test(s);
/** Its `=`, `<>` and IN also ignore trailing spaces (PAD SPACE); LIKE does not. */
const unpadded = (s: string) => !s.endsWith(' ');
/** Both dialects' case-insensitive text tests fold ASCII letters only (SQLite's NOCASE and LIKE; MySQL on plain text). */
const asciiLower = (s: string) => (/[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s);

interface TextColumn {
  kind: 'text';
  /** Per car, its entry in `raw`; entry 0 is the missing value (NULL or ''). */
  codes: Uint16Array | Uint32Array;
  raw: readonly string[];
  folded?: readonly string[];
  /** On MySQL: every value is printable ASCII; none ends with a space. */
  ascii?: boolean;
  unpadded?: boolean;
}
interface NumberColumn {
  kind: 'number';
  /** NaN (price) or NULL_INT (integers) for a missing value. */
  values: Float64Array | Int32Array;
  usable: boolean;
}
interface BooleanColumn {
  kind: 'boolean';
  /** 1, 0, or -1 for a missing value. */
  values: Int8Array;
  usable: boolean;
}
type Column = TextColumn | NumberColumn | BooleanColumn;

/**
 * The searchable columns of one dealership's live cars in columnar form: typed arrays for numbers
 * and booleans, dictionary-encoded text (each distinct value once), the feature mask, and the key.
 * A search evaluates the filter with the semantics filter-to-sql gives it on `dialect` (one pass
 * per comparison over the cars; text comparisons once per distinct value), counts the matches and
 * reads the page in the SQL's order. `select` answers null for what it cannot answer exactly
 * (string ranges, a value of another type than the attribute's, on MySQL text that is not plain
 * ASCII, ...): the caller then runs the SQL. Pure: no database.
 */
export class CarSnapshot {
  private readonly orders = new Map<SortKey | 'default', Uint32Array>();
  private tieRank: Uint32Array | null = null;

  constructor(
    private readonly dialect: SqlDialect,
    /** How many cars it holds. */
    readonly size: number,
    private readonly columns: ReadonlyMap<string, Column>,
    private readonly flags: Int32Array,
    private readonly flagsUsable: boolean,
  ) {}

  /** The matches' count and the keys of the page in the search's order, or null when the SQL must answer. */
  select(filter: FilterNode, sort: SortKey | null, page: { skip: number; take: number }): { total: number; keys: SnapshotKey[] } | null {
    // Newest first is the default order: one precomputed order serves both.
    const order = this.order(sort === null || sort === 'year_desc' ? 'default' : sort);
    const mask = order && this.evaluate(filter);
    if (!order || !mask) return null;
    let total = 0;
    for (let i = 0; i < mask.length; i++) total += mask[i];
    const picked: number[] = [];
    const skip = Math.max(0, Math.floor(page.skip));
    const take = Math.max(0, Math.floor(page.take));
    for (let r = 0, seen = 0; r < order.length && picked.length < take && seen < total; r++) {
      const i = order[r];
      if (mask[i] && seen++ >= skip) picked.push(i);
    }
    const vin = this.text('vin');
    const condition = this.text('condition');
    return { total, keys: picked.map((i) => ({ condition: condition.raw[condition.codes[i]], vin: vin.raw[vin.codes[i]] })) };
  }

  /**
   * The keys of up to `limit` cars nearest to the conditions, with the conditions each misses:
   * each condition (and its `within`) is one mask over the cars, then one pass in the sort's order
   * keeps the best by misses, then cost (the missed conditions' weights), then that order. Cars
   * failing a `within`, or missing more than `maxMisses`, are left out. Null when the SQL must answer.
   */
  nearest(
    conditions: readonly { filter: FilterNode; within: FilterNode | null; weight: number }[],
    sort: SortKey | null,
    limit: number,
    maxMisses: number,
  ): { key: SnapshotKey; misses: number[] }[] | null {
    const order = this.order(sort === null || sort === 'year_desc' ? 'default' : sort);
    if (!order) return null;
    const n = this.size;
    // Misses per car; a car outside a loosened bound gets more than any car can have.
    const misses = new Uint16Array(n);
    const cost = new Float64Array(n);
    const met: Uint8Array[] = [];
    const far = conditions.length + 1;
    for (const c of conditions) {
      const mask = this.evaluate(c.filter);
      const within = c.within && this.evaluate(c.within);
      if (!mask || (c.within && !within)) return null;
      met.push(mask);
      for (let i = 0; i < n; i++) {
        if (mask[i]) continue;
        misses[i] = within && !within[i] ? far : Math.min(far, misses[i] + 1);
        cost[i] += c.weight;
      }
    }
    const best: number[] = [];
    const nearer = (i: number, j: number) => misses[i] < misses[j] || (misses[i] === misses[j] && cost[i] < cost[j]);
    for (let r = 0; r < order.length && limit > 0; r++) {
      const i = order[r];
      if (misses[i] > maxMisses || (best.length === limit && !nearer(i, best[limit - 1]))) continue;
      // Cars come in the order: a tie goes after the cars already kept.
      let at = 0;
      while (at < best.length && !nearer(i, best[at])) at++;
      best.splice(at, 0, i);
      if (best.length > limit) best.pop();
    }
    const vin = this.text('vin');
    const condition = this.text('condition');
    return best.map((i) => ({
      key: { condition: condition.raw[condition.codes[i]], vin: vin.raw[vin.codes[i]] },
      misses: met.flatMap((mask, c) => (mask[i] ? [] : [c])),
    }));
  }

  /** Approximate heap bytes: the typed arrays and the dictionaries' strings. */
  bytes(): number {
    let bytes = this.flags.byteLength;
    for (const column of this.columns.values()) {
      if (column.kind === 'text') {
        bytes += column.codes.byteLength;
        for (const s of column.raw) bytes += 16 + s.length; // one-byte strings: header + characters
        if (column.folded) bytes += column.raw.length * 8;
      } else bytes += column.values.byteLength;
    }
    for (const order of this.orders.values()) bytes += order.byteLength;
    return bytes + (this.tieRank?.byteLength ?? 0);
  }

  /** One byte per car: 1 when the filter selects it. */
  private evaluate(node: FilterNode): Uint8Array | null {
    if (node.kind === 'comparison') return this.leaf(node);
    const parts: Uint8Array[] = [];
    for (const argument of node.arguments) {
      const part = this.evaluate(argument);
      if (!part) return null;
      parts.push(part);
    }
    const n = this.size;
    if (node.operator === 'or') {
      const out = new Uint8Array(n);
      for (const p of parts) for (let i = 0; i < n; i++) out[i] |= p[i];
      return out;
    }
    // `and`, and `not` of the conjunction of its arguments.
    const out = new Uint8Array(n).fill(1);
    for (const p of parts) for (let i = 0; i < n; i++) out[i] &= p[i];
    if (node.operator === 'not') for (let i = 0; i < n; i++) out[i] ^= 1;
    return out;
  }

  private leaf(c: Comparison): Uint8Array | null {
    const attribute = SEARCH_VOCABULARY.get(c.attribute);
    // A known feature's `contain` tests its bit, as the SQL does (the options text is not held).
    const bit = c.comparator === 'contain' && c.attribute === 'options' && typeof c.value === 'string' ? featureBit(c.value) : null;
    if (bit !== null) {
      if (!this.flagsUsable) return null;
      const out = new Uint8Array(this.size);
      for (let i = 0; i < this.size; i++) out[i] = (this.flags[i] & bit) !== 0 ? 1 : 0;
      return out;
    }
    const column = this.columns.get(c.attribute);
    if (!attribute || !column) return null;
    const list = Array.isArray(c.value);
    const values = (list ? c.value : [c.value]) as readonly ScalarValue[];
    if (list && (values.length === 0 || (c.comparator !== 'in' && c.comparator !== 'nin'))) return null;
    if (!list && (c.comparator === 'in' || c.comparator === 'nin')) return null;
    const out = new Uint8Array(this.size);

    if (column.kind === 'text') {
      if (!values.every((v) => typeof v === 'string')) return null;
      const strings = values as readonly string[];
      if (this.dialect === 'mysql') {
        if (!(this.column(column, 'ascii', ascii) && strings.every(ascii))) return null;
        const padding = c.comparator !== 'contain' && c.comparator !== 'like';
        if (padding && !(this.column(column, 'unpadded', unpadded) && strings.every(unpadded))) return null;
      }
      const test = textTest(c.comparator, strings.map(asciiLower));
      if (!test) return null;
      const folded = this.folded(column);
      const hit = new Uint8Array(folded.length);
      hit[0] = c.comparator === 'ne' || c.comparator === 'nin' ? 1 : 0;
      for (let k = 1; k < folded.length; k++) hit[k] = test(folded[k]) ? 1 : 0;
      const codes = column.codes;
      for (let i = 0; i < this.size; i++) out[i] = hit[codes[i]];
      return out;
    }

    if (!column.usable) return null;
    const numeric = column.kind === 'number';
    if (!values.every(numeric ? exactNumber : (v: unknown) => typeof v === 'boolean')) return null;
    const operands = values.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : (v as number)));
    const test = numberTest(c.comparator, operands, numeric);
    if (!test) return null;
    const missing = c.comparator === 'ne' || c.comparator === 'nin' ? 1 : 0;
    const data = column.values;
    if (numeric) for (let i = 0; i < this.size; i++) out[i] = isNull(data[i]) ? missing : test(data[i]) ? 1 : 0;
    else for (let i = 0; i < this.size; i++) out[i] = data[i] < 0 ? missing : test(data[i]) ? 1 : 0;
    return out;
  }

  private text(name: string): TextColumn {
    return this.columns.get(name) as TextColumn;
  }

  private folded(column: TextColumn): readonly string[] {
    column.folded ??= column.raw.map(asciiLower);
    return column.folded;
  }

  /** Whether every value of the column passes `test` (cached). */
  private column(column: TextColumn, flag: 'ascii' | 'unpadded', test: (s: string) => boolean): boolean {
    column[flag] ??= column.raw.every(test);
    return column[flag];
  }

  /** The cars in the sort's order (built once per sort), or null when a column of it is unusable. */
  private order(key: SortKey | 'default'): Uint32Array | null {
    const cached = this.orders.get(key);
    if (cached) return cached;
    const rank = this.ties();
    const columns = SEARCH_ORDER[key].map(([name, dir]) => [this.columns.get(name), dir === 'DESC' ? -1 : 1] as const);
    if (!rank || columns.some(([c]) => c?.kind !== 'number' || !c.usable)) return null;
    const keys = columns.map(([c, dir]) => [(c as NumberColumn).values, dir] as const);
    const order = new Uint32Array(this.size);
    for (let i = 0; i < order.length; i++) order[i] = i;
    order.sort((a, b) => {
      for (const [values, dir] of keys) {
        const x = values[a];
        const y = values[b];
        const xn = isNull(x);
        const yn = isNull(y);
        if (xn || yn) {
          if (xn && yn) continue;
          return xn ? 1 : -1;
        }
        if (x !== y) return x < y ? -dir : dir;
      }
      return rank[a] - rank[b];
    });
    this.orders.set(key, order);
    return order;
  }

  /**
   * Each car's rank by VIN, then condition: the SQL's tie-break. Null when a dialect might order
   * them differently (MySQL's collation ignores case): each must be all digits and upper-case
   * letters, or all digits and lower-case ones, for the binary order to be the collation's.
   */
  private ties(): Uint32Array | null {
    if (this.tieRank) return this.tieRank;
    const vin = this.text('vin');
    const condition = this.text('condition');
    const uniform = (c: TextColumn) => c.raw.slice(1).every((s) => /^[0-9A-Z]+$/.test(s)) || c.raw.slice(1).every((s) => /^[0-9a-z]+$/.test(s));
    if (!uniform(vin) || !uniform(condition)) return null;
    const byKey = Array.from({ length: this.size }, (_, i) => i).sort((a, b) => {
      const va = vin.raw[vin.codes[a]];
      const vb = vin.raw[vin.codes[b]];
      if (va !== vb) return va < vb ? -1 : 1;
      const ca = condition.raw[condition.codes[a]];
      const cb = condition.raw[condition.codes[b]];
      return ca < cb ? -1 : ca > cb ? 1 : 0;
    });
    const rank = new Uint32Array(this.size);
    byKey.forEach((car, r) => (rank[car] = r));
    this.tieRank = rank;
    return rank;
  }
}

/** The test of one distinct (folded, present) text value, or null for a comparator the snapshot leaves to SQL. */
function textTest(comparator: Comparison['comparator'], values: readonly string[]): ((s: string) => boolean) | null {
  const [value] = values;
  switch (comparator) {
    case 'eq': return (s) => s === value;
    case 'ne': return (s) => s !== value;
    case 'in': {
      const set = new Set(values);
      return (s) => set.has(s);
    }
    case 'nin': {
      const set = new Set(values);
      return (s) => !set.has(s);
    }
    case 'contain': return (s) => s.includes(value);
    case 'like': {
      const re = likeRegExp(value);
      return (s) => re.test(s);
    }
    default: return null; // string ranges: each dialect's collation decides
  }
}

function numberTest(comparator: Comparison['comparator'], values: readonly number[], ranges: boolean): ((x: number) => boolean) | null {
  const [v] = values;
  switch (comparator) {
    case 'eq': return (x) => x === v;
    case 'ne': return (x) => x !== v;
    case 'in': return (x) => values.includes(x);
    case 'nin': return (x) => !values.includes(x);
    case 'gt': return ranges ? (x) => x > v : null;
    case 'gte': return ranges ? (x) => x >= v : null;
    case 'lt': return ranges ? (x) => x < v : null;
    case 'lte': return ranges ? (x) => x <= v : null;
    default: return null;
  }
}

/** A vocabulary LIKE pattern (already folded): `%` any run, `_` one character, `\` escapes the next; anchored. */
export function likeRegExp(pattern: string): RegExp {
  let src = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    const literal = c === '\\' && i + 1 < pattern.length ? pattern[++i] : c === '%' || c === '_' ? null : c;
    if (literal === null) src += c === '%' ? '[\\s\\S]*' : '.';
    else src += literal.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
  }
  return new RegExp(`^${src}$`, 'su');
}

/**
 * Builds a snapshot from database rows (any order, as many batches as wanted). Values are read as
 * the drivers give them (MySQL's decimals as strings, booleans as 0/1); a column holding a value
 * it cannot represent exactly is marked unusable, so filters on it go to SQL.
 */
export class CarSnapshotBuilder {
  private count = 0;
  private readonly text = new Map<string, { codes: number[]; dict: Map<string, number>; raw: string[] }>();
  private readonly numbers = new Map<string, { values: number[]; integer: boolean; usable: boolean }>();
  private readonly booleans = new Map<string, { values: number[]; usable: boolean }>();
  private readonly flags: number[] = [];
  private flagsUsable = true;

  constructor(private readonly dialect: SqlDialect) {
    for (const a of HELD_ATTRIBUTES) {
      if (a.type === 'string') this.text.set(a.name, { codes: [], dict: new Map([['', 0]]), raw: [''] });
      else if (a.type === 'boolean') this.booleans.set(a.name, { values: [], usable: true });
      else this.numbers.set(a.name, { values: [], integer: a.type === 'integer', usable: true });
    }
  }

  get size(): number {
    return this.count;
  }

  add(row: Readonly<Record<string, unknown>>): void {
    this.count++;
    for (const [name, column] of this.text) {
      const v = row[name];
      const s = v === null || v === undefined ? '' : typeof v === 'string' ? v : String(v);
      let code = column.dict.get(s);
      if (code === undefined) {
        code = column.raw.length;
        column.dict.set(s, code);
        column.raw.push(s);
      }
      column.codes.push(code);
    }
    for (const [name, column] of this.numbers) {
      const v = row[name];
      if (v === null || v === undefined) {
        column.values.push(column.integer ? NULL_INT : NaN);
        continue;
      }
      const x = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      if (!Number.isFinite(x) || x === NULL_INT || (column.integer && (!Number.isInteger(x) || Math.abs(x) > 2147483647))) column.usable = false;
      column.values.push(x);
    }
    for (const [name, column] of this.booleans) {
      const v = row[name];
      const x = v === null || v === undefined ? -1 : v === true || v === 1 || v === '1' ? 1 : v === false || v === 0 || v === '0' ? 0 : NaN;
      if (Number.isNaN(x)) column.usable = false;
      column.values.push(x);
    }
    const f = row[FEATURE_FLAGS];
    const mask = typeof f === 'number' ? f : Number(f);
    if (!Number.isInteger(mask)) this.flagsUsable = false;
    this.flags.push(mask | 0);
  }

  build(): CarSnapshot {
    const columns = new Map<string, Column>();
    for (const [name, c] of this.text) {
      columns.set(name, { kind: 'text', codes: c.raw.length <= 0x10000 ? Uint16Array.from(c.codes) : Uint32Array.from(c.codes), raw: c.raw });
    }
    for (const [name, c] of this.numbers) {
      columns.set(name, { kind: 'number', values: c.integer && c.usable ? Int32Array.from(c.values) : Float64Array.from(c.values), usable: c.usable });
    }
    for (const [name, c] of this.booleans) columns.set(name, { kind: 'boolean', values: Int8Array.from(c.values), usable: c.usable });
    return new CarSnapshot(this.dialect, this.count, columns, Int32Array.from(this.flags), this.flagsUsable);
  }
}
