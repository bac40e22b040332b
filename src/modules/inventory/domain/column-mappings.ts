import { ColumnMapping, ColumnMappings, fieldNamed, MileageUnit, normalizeHeader } from './feed-headers';
import { InvalidColumnMappingsError } from './inventory.errors';

/** Targets that make a column ignored rather than mapped. */
const IGNORE = new Set(['', 'ignore', 'none', '-']);
const UNITS: ReadonlySet<string> = new Set<MileageUnit>(['mi', 'km']);

/**
 * Parses the `columnMappings` query parameter (decisions.md section 5), in either syntax:
 * a JSON object `{"CSV header": "field"}` or `Header:field,Header 2:field`. Targets are field names
 * (matched like headers: `Stock Number` names stock_number); `ignore` (or empty) drops the column.
 * A kilometers target may name the column's unit: `kilometers:mi` or `kilometers:km`.
 */
export function parseColumnMappings(raw: string | undefined | null): ColumnMappings | null {
  if (raw === undefined || raw === null || raw.trim() === '') return null;
  const pairs = /^[[{]/.test(raw.trim()) ? jsonPairs(raw) : listPairs(raw);
  const errors: string[] = [];
  const mappings = new Map<string, ColumnMapping | null>();
  /** The header already mapped to each field: a field takes one column (else one would be dropped unseen). */
  const mappedTo = new Map<string, string>();
  for (const [header, target] of pairs) {
    const key = normalizeHeader(header);
    if (key === '') {
      errors.push(`empty header name (mapped to "${target}")`);
      continue;
    }
    const mapping = mappingOf(header, target, errors);
    if (mapping === undefined) continue;
    if (mappings.has(key)) {
      errors.push(`"${header}" is mapped twice`);
      continue;
    }
    const other = mapping ? mappedTo.get(mapping.target) : undefined;
    if (mapping && other !== undefined) {
      errors.push(`"${other}" and "${header}" both map to ${mapping.target}; a field takes one column`);
      continue;
    }
    if (mapping) mappedTo.set(mapping.target, header);
    mappings.set(key, mapping);
  }
  if (errors.length > 0) throw new InvalidColumnMappingsError(errors);
  return mappings;
}

/** The mapping a target names (null: ignore the column), or undefined after recording why it names none. */
function mappingOf(header: string, target: string, errors: string[]): ColumnMapping | null | undefined {
  if (IGNORE.has(target.trim().toLowerCase())) return null;
  const at = target.lastIndexOf(':');
  const fieldPart = at < 0 ? target : target.slice(0, at);
  const field = fieldNamed(fieldPart);
  if (field === null) {
    errors.push(`"${header}" maps to "${target}", which is not a car field`);
    return undefined;
  }
  if (at < 0) return { target: field };
  const unit = target.slice(at + 1).trim().toLowerCase();
  if (field !== 'kilometers') {
    errors.push(`"${header}" maps to "${target}": only kilometers takes a unit`);
    return undefined;
  }
  if (!UNITS.has(unit)) {
    errors.push(`"${header}" maps to "${target}": the unit must be mi or km`);
    return undefined;
  }
  return { target: field, unit: unit as MileageUnit };
}

function jsonPairs(raw: string): [string, string][] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new InvalidColumnMappingsError(['not valid JSON; use {"CSV header":"field"} or Header:field,Header 2:field']);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new InvalidColumnMappingsError(['must be a JSON object of "CSV header": "field"']);
  }
  const pairs = Object.entries(parsed as Record<string, unknown>);
  const notStrings = pairs.filter(([, v]) => typeof v !== 'string').map(([k]) => `"${k}" must map to a field name (a string)`);
  if (notStrings.length > 0) throw new InvalidColumnMappingsError(notStrings);
  return pairs as [string, string][];
}

/**
 * `Header:field,Header 2:field` (or `Header:kilometers:mi`). Headers may contain `:` (the last one
 * separates, or the one before a field name followed by a unit); never `,`.
 */
function listPairs(raw: string): [string, string][] {
  const errors: string[] = [];
  const pairs: [string, string][] = [];
  for (const part of raw.split(',')) {
    if (part.trim() === '') continue;
    let at = part.lastIndexOf(':');
    if (at < 0) {
      errors.push(`"${part.trim()}" is not Header:field`);
      continue;
    }
    // `Header:field:unit`: the colon before a field name that is followed by one more part.
    const before = part.lastIndexOf(':', at - 1);
    if (before >= 0 && fieldNamed(part.slice(before + 1, at)) !== null) at = before;
    pairs.push([part.slice(0, at).trim(), part.slice(at + 1).trim()]);
  }
  if (errors.length > 0) throw new InvalidColumnMappingsError(errors);
  return pairs;
}
