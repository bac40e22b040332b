import { ColumnMappings, FeedTarget, fieldNamed, normalizeHeader } from './feed-headers';
import { InvalidColumnMappingsError } from './inventory.errors';

/** Targets that make a column ignored rather than mapped. */
const IGNORE = new Set(['', 'ignore', 'none', '-']);

/**
 * Parses the `columnMappings` query parameter (decisions.md section 5), in either syntax:
 * a JSON object `{"CSV header": "field"}` or `Header:field,Header 2:field`. Targets are field names
 * (matched like headers: `Stock Number` names stock_number); `ignore` (or empty) drops the column.
 */
export function parseColumnMappings(raw: string | undefined | null): ColumnMappings | null {
  if (raw === undefined || raw === null || raw.trim() === '') return null;
  const pairs = /^[[{]/.test(raw.trim()) ? jsonPairs(raw) : listPairs(raw);
  const errors: string[] = [];
  const mappings = new Map<string, FeedTarget | null>();
  for (const [header, target] of pairs) {
    const key = normalizeHeader(header);
    if (key === '') {
      errors.push(`empty header name (mapped to "${target}")`);
      continue;
    }
    const normalizedTarget = target.trim().toLowerCase();
    const field = IGNORE.has(normalizedTarget) ? null : fieldNamed(target);
    if (field === null && !IGNORE.has(normalizedTarget)) {
      errors.push(`"${header}" maps to "${target}", which is not a car field`);
      continue;
    }
    if (mappings.has(key)) {
      errors.push(`"${header}" is mapped twice`);
      continue;
    }
    mappings.set(key, field);
  }
  if (errors.length > 0) throw new InvalidColumnMappingsError(errors);
  return mappings;
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

/** `Header:field,Header 2:field`. Headers may contain `:` (the last one separates); never `,`. */
function listPairs(raw: string): [string, string][] {
  const errors: string[] = [];
  const pairs: [string, string][] = [];
  for (const part of raw.split(',')) {
    if (part.trim() === '') continue;
    const at = part.lastIndexOf(':');
    if (at < 0) {
      errors.push(`"${part.trim()}" is not Header:field`);
      continue;
    }
    pairs.push([part.slice(0, at).trim(), part.slice(at + 1).trim()]);
  }
  if (errors.length > 0) throw new InvalidColumnMappingsError(errors);
  return pairs;
}
