import type { FieldError } from '../../../../libs/common/errors/domain-error';
import {
  BODY_TYPES, CarProperty, CarPropertyValue, CatalogModel, CatalogTrim, FUEL_TYPES, MANUFACTURER_ID_PATTERN,
  ManufacturerCatalog, REGION_CODE_PATTERN,
} from './catalog';

/**
 * Reader of the catalog file format `dealer-api-catalog/1` (src/modules/catalog/seed/README.md):
 * checks the whole document, and only when it is entirely valid returns it with every default
 * filled in. Problems are reported with their JSON path (`$.manufacturers[3].models[0].year`).
 */
export const CATALOG_FORMAT = 'dealer-api-catalog/1';

/** Enough to fix a file in a few rounds without flooding the terminal. */
export const MAX_REPORTED_PROBLEMS = 100;

export type CatalogFileResult =
  | { ok: true; catalog: ManufacturerCatalog[]; priceCurrency: string | null }
  | { ok: false; problems: FieldError[]; totalProblems: number };

const LIMITS = { id: 150, name: 200, displayName: 300, locale: 35, url: 1000, tag: 100, text: 2000, imageUrls: 50 } as const;

const ROOT_FIELDS = new Set(['format', 'provenance', 'price_currency', 'manufacturers']);
const MANUFACTURER_FIELDS = new Set(['id', 'name', 'models']);
const MODEL_FIELDS = new Set([
  'id', 'model', 'model_localized', 'model_display_name', 'locale', 'regions', 'type', 'body_type', 'fuel_type', 'seats', 'year',
  'min_price', 'max_price', 'site_url', 'image_url', 'video_url', 'can_test_drive', 'trims',
]);
const TRIM_FIELDS = new Set([
  'id', 'trim', 'trim_localized', 'trim_display_name', 'override_model_name', 'can_test_drive', 'year', 'site_url', 'type', 'car_properties',
]);
const PROPERTY_FIELDS = new Set(['tag', 'string_key', 'display_name', 'description', 'searchable_text', 'value', 'unit', 'url', 'image_urls']);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const describe = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`);

class Problems {
  readonly list: FieldError[] = [];
  total = 0;

  add(path: string, message: string): void {
    this.total++;
    if (this.list.length >= MAX_REPORTED_PROBLEMS) return;
    const last = this.list[this.list.length - 1];
    if (last?.field === path) last.errors.push(message);
    else this.list.push({ field: path, errors: [message] });
  }
}

/** Field readers: each reports its own problem and returns a value the caller may use only if the file is valid. */
class Reader {
  constructor(readonly problems: Problems) {}

  unknownFields(obj: Json, path: string, allowed: Set<string>): void {
    for (const key of Object.keys(obj)) if (!allowed.has(key)) this.problems.add(`${path}.${key}`, 'unknown field');
  }

  string(obj: Json, key: string, path: string, opts: { required?: boolean; fallback?: string; max: number; pattern?: RegExp; patternMessage?: string }): string {
    const at = `${path}.${key}`;
    const v = obj[key];
    if (v === undefined) {
      if (opts.required) this.problems.add(at, 'is required');
      return opts.fallback ?? '';
    }
    if (typeof v !== 'string') {
      this.problems.add(at, `must be a string, got ${describe(v)}`);
      return '';
    }
    if (opts.required && v.trim() === '') this.problems.add(at, 'must not be blank');
    else if (v.length > opts.max) this.problems.add(at, `must be at most ${opts.max} characters`);
    else if (opts.pattern && !opts.pattern.test(v)) this.problems.add(at, opts.patternMessage ?? `must match ${String(opts.pattern)}`);
    return v;
  }

  integer(obj: Json, key: string, path: string, opts: { required?: boolean; nullable?: boolean; fallback: number | null; min: number; max: number }): number | null {
    const at = `${path}.${key}`;
    const v = obj[key];
    if (v === undefined) {
      if (opts.required) this.problems.add(at, 'is required');
      return opts.fallback;
    }
    if (v === null && opts.nullable) return null;
    if (typeof v !== 'number' || !Number.isInteger(v)) {
      this.problems.add(at, opts.nullable ? 'must be an integer or null' : 'must be an integer');
      return opts.fallback;
    }
    if (v < opts.min || v > opts.max) this.problems.add(at, `must be between ${opts.min} and ${opts.max}`);
    return v;
  }

  price(obj: Json, key: string, path: string): number | null {
    const v = obj[key];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      this.problems.add(`${path}.${key}`, 'must be a number or null');
      return null;
    }
    if (v < 0 || v > 1e11) this.problems.add(`${path}.${key}`, 'must be between 0 and 100000000000');
    else if (Math.round(v * 100) / 100 !== v) this.problems.add(`${path}.${key}`, 'must have at most 2 decimals');
    return v;
  }

  boolean(obj: Json, key: string, path: string, fallback: boolean): boolean {
    const v = obj[key];
    if (v === undefined) return fallback;
    if (typeof v !== 'boolean') {
      this.problems.add(`${path}.${key}`, 'must be a boolean');
      return fallback;
    }
    return v;
  }

  /** One of a closed set, matched case-insensitively and returned in its canonical spelling; null allowed. */
  canonical(obj: Json, key: string, path: string, values: readonly string[], fallback: string | null): string | null {
    const v = obj[key];
    if (v === undefined) return fallback;
    if (v === null) return null;
    const match = typeof v === 'string' ? values.find((c) => c.toLowerCase() === v.trim().toLowerCase()) : undefined;
    if (match === undefined) this.problems.add(`${path}.${key}`, `must be one of ${values.join(', ')} or null`);
    return match ?? null;
  }

  array(obj: Json, key: string, path: string, required: boolean): unknown[] {
    const v = obj[key];
    if (v === undefined) {
      if (required) this.problems.add(`${path}.${key}`, 'is required');
      return [];
    }
    if (!Array.isArray(v)) {
      this.problems.add(`${path}.${key}`, `must be an array, got ${describe(v)}`);
      return [];
    }
    return v;
  }

  object(v: unknown, path: string): Json | null {
    if (isObject(v)) return v;
    this.problems.add(path, `must be an object, got ${describe(v)}`);
    return null;
  }
}

export function readCatalogFile(document: unknown): CatalogFileResult {
  const problems = new Problems();
  const r = new Reader(problems);
  const root = r.object(document, '$');
  if (!root) return { ok: false, problems: problems.list, totalProblems: problems.total };

  r.unknownFields(root, '$', ROOT_FIELDS);
  if (root.format !== CATALOG_FORMAT) problems.add('$.format', `must be "${CATALOG_FORMAT}"`);
  if (root.provenance !== undefined && !isObject(root.provenance)) problems.add('$.provenance', 'must be an object');
  const priceCurrency = root.price_currency === undefined
    ? null
    : r.string(root, 'price_currency', '$', { max: 3, pattern: /^[A-Z]{3}$/, patternMessage: 'must be an ISO 4217 code such as CAD or USD' });

  // Ids are unique in the whole file: a model id under two manufacturers is a mistake, not a move.
  const seen = { manufacturer: new Map<string, string>(), name: new Map<string, string>(), model: new Map<string, string>(), trim: new Map<string, string>() };
  const unique = (kind: keyof typeof seen, value: string, path: string, what: string) => {
    if (!value) return;
    const key = kind === 'name' ? value.trim().toLowerCase() : value;
    const first = seen[kind].get(key);
    if (first) problems.add(path, `duplicate ${what} (first at ${first})`);
    else seen[kind].set(key, path);
  };

  const catalog: ManufacturerCatalog[] = [];
  r.array(root, 'manufacturers', '$', true).forEach((m, i) => {
    const mPath = `$.manufacturers[${i}]`;
    const mObj = r.object(m, mPath);
    if (!mObj) return;
    r.unknownFields(mObj, mPath, MANUFACTURER_FIELDS);
    const id = r.string(mObj, 'id', mPath, {
      required: true, max: 100, pattern: MANUFACTURER_ID_PATTERN, patternMessage: 'must be a slug: lowercase letters and digits joined by hyphens',
    });
    const name = r.string(mObj, 'name', mPath, { required: true, max: LIMITS.name }).trim();
    unique('manufacturer', id, `${mPath}.id`, 'manufacturer id');
    unique('name', name, `${mPath}.name`, 'manufacturer name');
    const models: CatalogModel[] = [];
    r.array(mObj, 'models', mPath, true).forEach((row, j) => {
      const model = readModel(r, row, `${mPath}.models[${j}]`, { id, name }, unique);
      if (model) models.push(model);
    });
    catalog.push({ manufacturer: { id, name }, models });
  });

  if (problems.total > 0) return { ok: false, problems: problems.list, totalProblems: problems.total };
  return { ok: true, catalog, priceCurrency };
}

type Unique = (kind: 'model' | 'trim', value: string, path: string, what: string) => void;

function readModel(r: Reader, row: unknown, path: string, manufacturer: { id: string; name: string }, unique: Unique): CatalogModel | null {
  const obj = r.object(row, path);
  if (!obj) return null;
  r.unknownFields(obj, path, MODEL_FIELDS);
  const id = r.string(obj, 'id', path, { required: true, max: LIMITS.id });
  unique('model', id, `${path}.id`, 'model id');
  const model = r.string(obj, 'model', path, { required: true, max: LIMITS.name });
  const type = r.canonical(obj, 'type', path, BODY_TYPES, null);
  const year = r.integer(obj, 'year', path, { required: true, fallback: 0, min: 1886, max: 2100 }) ?? 0;
  const minPrice = r.price(obj, 'min_price', path);
  const maxPrice = r.price(obj, 'max_price', path);
  if ((minPrice === null) !== (maxPrice === null)) r.problems.add(`${path}.max_price`, 'min_price and max_price must both be set or both be null');
  else if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) r.problems.add(`${path}.max_price`, 'must not be less than min_price');

  const regions = new Set<string>();
  const rawRegions = obj.regions === undefined ? ['CA', 'US'] : r.array(obj, 'regions', path, false);
  if (Array.isArray(obj.regions) && obj.regions.length === 0) r.problems.add(`${path}.regions`, 'must list at least one region code');
  rawRegions.forEach((code, k) => {
    if (typeof code === 'string' && REGION_CODE_PATTERN.test(code)) regions.add(code.toUpperCase());
    else r.problems.add(`${path}.regions[${k}]`, 'must be a two-letter region code such as CA or US');
  });

  const result: CatalogModel = {
    id,
    manufacturerId: manufacturer.id,
    model,
    modelLocalized: r.string(obj, 'model_localized', path, { max: LIMITS.name, fallback: model }),
    modelDisplayName: r.string(obj, 'model_display_name', path, { max: LIMITS.displayName, fallback: `${manufacturer.name} ${model}` }),
    locale: r.string(obj, 'locale', path, { max: LIMITS.locale, fallback: 'en-US', pattern: /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, patternMessage: 'must be a language tag such as en-US' }),
    regions: [...regions].sort(),
    type,
    bodyType: r.canonical(obj, 'body_type', path, BODY_TYPES, null),
    fuelType: r.canonical(obj, 'fuel_type', path, FUEL_TYPES, null),
    seats: r.integer(obj, 'seats', path, { nullable: true, fallback: null, min: 1, max: 100 }),
    year,
    minPrice,
    maxPrice,
    siteUrl: r.string(obj, 'site_url', path, { max: LIMITS.url }),
    imageUrl: r.string(obj, 'image_url', path, { max: LIMITS.url }),
    videoUrl: r.string(obj, 'video_url', path, { max: LIMITS.url }),
    canTestDrive: r.boolean(obj, 'can_test_drive', path, true),
    trims: [],
  };
  r.array(obj, 'trims', path, false).forEach((t, k) => {
    const trim = readTrim(r, t, `${path}.trims[${k}]`, manufacturer.name, result, unique);
    if (trim) result.trims.push(trim);
  });
  return result;
}

function readTrim(r: Reader, value: unknown, path: string, manufacturerName: string, model: CatalogModel, unique: Unique): CatalogTrim | null {
  const obj = r.object(value, path);
  if (!obj) return null;
  r.unknownFields(obj, path, TRIM_FIELDS);
  const id = r.string(obj, 'id', path, { required: true, max: LIMITS.id });
  unique('trim', id, `${path}.id`, 'trim id');
  const trim = r.string(obj, 'trim', path, { required: true, max: LIMITS.name });
  const carProperties: CarProperty[] = [];
  r.array(obj, 'car_properties', path, false).forEach((p, k) => {
    const property = readProperty(r, p, `${path}.car_properties[${k}]`);
    if (property) carProperties.push(property);
  });
  return {
    id,
    trim,
    trimLocalized: r.string(obj, 'trim_localized', path, { max: LIMITS.name, fallback: trim }),
    trimDisplayName: r.string(obj, 'trim_display_name', path, { max: LIMITS.displayName, fallback: `${manufacturerName} ${model.model} ${trim}` }),
    overrideModelName: r.boolean(obj, 'override_model_name', path, false),
    canTestDrive: r.boolean(obj, 'can_test_drive', path, true),
    year: r.integer(obj, 'year', path, { fallback: model.year, min: 1886, max: 2100 }) ?? model.year,
    siteUrl: r.string(obj, 'site_url', path, { max: LIMITS.url }),
    type: r.canonical(obj, 'type', path, BODY_TYPES, model.type),
    carProperties,
  };
}

function readProperty(r: Reader, value: unknown, path: string): CarProperty | null {
  const obj = r.object(value, path);
  if (!obj) return null;
  r.unknownFields(obj, path, PROPERTY_FIELDS);
  const tag = r.string(obj, 'tag', path, { required: true, max: LIMITS.tag });
  const raw = obj.value;
  let propertyValue: CarPropertyValue = '';
  if (raw === undefined) r.problems.add(`${path}.value`, 'is required');
  else if (typeof raw === 'string' || typeof raw === 'boolean' || (typeof raw === 'number' && Number.isFinite(raw))) propertyValue = raw;
  else r.problems.add(`${path}.value`, `must be a string, number or boolean, got ${describe(raw)}`);
  const unit = r.string(obj, 'unit', path, { max: LIMITS.tag });
  const imageUrls = r.array(obj, 'image_urls', path, false);
  if (imageUrls.length > LIMITS.imageUrls) r.problems.add(`${path}.image_urls`, `must have at most ${LIMITS.imageUrls} items`);
  imageUrls.forEach((u, k) => {
    if (typeof u !== 'string' || u.length > LIMITS.url) r.problems.add(`${path}.image_urls[${k}]`, `must be a string of at most ${LIMITS.url} characters`);
  });
  return {
    tag,
    stringKey: r.string(obj, 'string_key', path, { max: LIMITS.tag, fallback: tag }),
    displayName: r.string(obj, 'display_name', path, { required: true, max: LIMITS.displayName }),
    description: r.string(obj, 'description', path, { max: LIMITS.text }),
    searchableText: r.string(obj, 'searchable_text', path, { max: LIMITS.text, fallback: unit ? `${String(propertyValue)} ${unit}` : String(propertyValue) }),
    value: propertyValue,
    unit,
    url: r.string(obj, 'url', path, { max: LIMITS.url }),
    imageUrls: imageUrls.filter((u): u is string => typeof u === 'string'),
  };
}
