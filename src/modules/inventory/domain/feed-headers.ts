import { CAR_FIELDS, CarField } from './car';

/**
 * Which column of a feed fills which car field. Headers match ignoring case, spaces, `_`, `-` and `#`
 * (decisions.md section 5); built-in aliases cover the headers of common feed formats (HomeNet and
 * other DMS exports, vAuto, Cars.com, Meta/TikTok vehicle catalogs, Google vehicle listings, auction
 * data). Unknown columns are ignored.
 */

/** A field, or `mileage_unit`: the unit of the mileage column (Meta's `mileage.unit`: MI or KM). */
export type FeedTarget = CarField | 'mileage_unit';

/** A unit a columnMappings target may name for kilometers (`Odo:kilometers:mi`). */
export type MileageUnit = 'mi' | 'km';
/**
 * The unit of the column that fills kilometers: named by a mapping, or `regional` for the aliases
 * `Mileage`, `Miles` and `Odometer` (miles for a US dealership, km elsewhere; decisions.md section 5).
 */
export type KilometersUnit = MileageUnit | 'regional';

export function normalizeHeader(header: string): string {
  return header.replace(/^\uFEFF/, '').toLowerCase().replace(/[\s_\-#]+/g, '');
}

/** Aliases by normalized header. Each field's own name matches too (with priority over aliases). */
export const HEADER_ALIASES: Readonly<Record<FeedTarget, readonly string[]>> = {
  vin: ['vin_num', 'vin number', 'vehicle identification number', 'vin no'],
  stock_number: ['stock', 'stock #', 'stock no', 'stock num', 'stock id', 'stk', 'stk #'],
  year: ['model year', 'yr', 'vehicle year'],
  manufacturer: ['make', 'brand', 'make name', 'vehicle make'],
  model: ['model name', 'vehicle model'],
  trim: ['series', 'trim level', 'trim name', 'style'],
  type: ['body', 'body style', 'body type', 'bodystyle', 'vehicle body', 'autowriter body'],
  condition: ['new/used', 'newused', 'new or used', 'state of vehicle', 'vehicle condition', 'inventory type'],
  certified: ['cpo', 'is certified', 'certified pre-owned', 'certified preowned', 'certified used'],
  price: ['internet price', 'selling price', 'sale price', 'asking price', 'list price', 'our price', 'web price', 'sellingprice'],
  display_price: ['advertised price', 'price display'],
  currency_code: ['currency', 'price.currency', 'price currency'],
  kilometers: ['mileage', 'miles', 'odometer', 'kilometres', 'km', 'kms', 'mileage.value', 'odometer reading'],
  mileage_unit: ['mileage.unit', 'odometer unit', 'mileage unit'],
  color: ['exterior color', 'exterior colour', 'ext color', 'ext colour', 'colour', 'exteriorcolor', 'ext_color'],
  fuel_type: ['fuel', 'fuel type', 'engine fuel type'],
  transmission: ['trans', 'transmission type', 'transmissi'],
  drive_train: ['drivetrain', 'drive', 'drive type', 'driveline', 'drive wheels'],
  engine: ['engine description', 'engine size', 'motor'],
  horse_power: ['horsepower', 'hp', 'engine hp'],
  torque: ['torque lb-ft', 'engine torque'],
  doors: ['door count', 'number of doors', 'doors count'],
  seats: ['seating', 'seating capacity', 'number of seats', 'passenger capacity'],
  fuel_economy_city: ['city mpg', 'city_mpg', 'mpg city', 'city fuel economy', 'fuel economy city'],
  fuel_economy_highway: ['highway mpg', 'hwy mpg', 'hwy_mpg', 'mpg highway', 'mpg hwy', 'highway fuel economy'],
  monthly_lease_payment: ['lease payment', 'monthly lease', 'lease'],
  monthly_finance_payment: ['finance payment', 'monthly finance', 'monthly payment', 'payment'],
  options: ['features', 'equipment', 'vehicle options', 'option list', 'installed options'],
  accident: ['accidents', 'accident history', 'has accident', 'accident reported'],
  car_fax: ['carfax', 'carfax url', 'carfax link', 'vehicle history report', 'history report url'],
  description: ['vehicle description', 'vehicle de', 'comments', 'dealer comments', 'seller comments', 'notes'],
  site_url: ['url', 'vdp url', 'vdp', 'vehicle url', 'detail url', 'link', 'listing url'],
  image_url: ['image', 'photo', 'photo url', 'main photo', 'image link', 'image_link', 'primary image', 'image[0].url'],
  image_url_list: ['photo urls', 'photo url list', 'image urls', 'images', 'photos', 'photo list', 'image list', 'all photos'],
  video_url: ['video', 'video link'],
  source_id: ['vehicle id', 'vehicle_id', 'listing id'],
  source_system: ['source', 'feed source'],
  stock_status: ['status', 'availability', 'inventory status'],
};

/** Aliases of kilometers whose unit depends on the dealership's region. */
const REGIONAL_MILEAGE = new Set(['mileage', 'miles', 'odometer']);

/** Meta-style numbered image columns (`image[1].url`, ...) are gathered into image_url_list. */
const NUMBERED_IMAGE = /^(?:image|photo)\[(\d+)\]\.url$/;

const FIELD_TARGETS: ReadonlySet<string> = new Set<string>([...CAR_FIELDS, 'mileage_unit']);
const BY_FIELD_NAME = new Map<string, FeedTarget>([...FIELD_TARGETS].map((f) => [normalizeHeader(f), f as FeedTarget]));
const BY_ALIAS = new Map<string, FeedTarget>(
  (Object.entries(HEADER_ALIASES) as [FeedTarget, readonly string[]][]).flatMap(([target, aliases]) => aliases.map((a) => [normalizeHeader(a), target] as const)),
);

/** How strongly a header claims a field: a caller's mapping beats a field name, which beats an alias. */
enum MatchStrength {
  Alias = 1,
  FieldName = 2,
  Mapping = 3,
}

export interface HeaderMatch {
  target: FeedTarget;
  strength: MatchStrength;
  /** The column adds one entry to the field's `|`-separated list instead of setting it. */
  append: boolean;
  /** Kilometers only: the column's unit when it is not km. */
  unit?: KilometersUnit;
}

/** The built-in match of one header (no mappings), or null when it is not a known column. */
export function matchHeader(header: string): HeaderMatch | null {
  const key = normalizeHeader(header);
  const byName = BY_FIELD_NAME.get(key);
  if (byName) return { target: byName, strength: MatchStrength.FieldName, append: false };
  const byAlias = BY_ALIAS.get(key);
  if (byAlias) return { target: byAlias, strength: MatchStrength.Alias, append: false, ...(REGIONAL_MILEAGE.has(key) ? { unit: 'regional' as const } : {}) };
  const image = NUMBERED_IMAGE.exec(key);
  if (image) return { target: 'image_url_list', strength: MatchStrength.Alias, append: true };
  return null;
}

/** The field a normalized name denotes (for columnMappings targets), or null. */
export function fieldNamed(name: string): FeedTarget | null {
  return BY_FIELD_NAME.get(normalizeHeader(name)) ?? null;
}

/** A caller's mapping of one column: the field, and for kilometers the unit the mapping names. */
export interface ColumnMapping {
  target: FeedTarget;
  unit?: MileageUnit;
}

/** A caller's column mappings: normalized header -> mapping, or null to ignore the column. */
export type ColumnMappings = ReadonlyMap<string, ColumnMapping | null>;

export interface ColumnPlan {
  /** Per column of the file: what it fills, or null when it is ignored. */
  columns: readonly (HeaderMatch | null)[];
  /** Mapping keys that name no header of the file (normalized). */
  unusedMappings: string[];
}

/**
 * Decides what each column fills. When several columns claim one field, the strongest claim wins,
 * then the leftmost; numbered image columns only fill image_url_list when nothing else does.
 */
export function planColumns(headers: readonly string[], mappings: ColumnMappings | null = null): ColumnPlan {
  const candidates = headers.map((header): HeaderMatch | null => {
    const key = normalizeHeader(header);
    if (mappings?.has(key)) {
      const mapping = mappings.get(key) ?? null;
      return mapping ? { target: mapping.target, strength: MatchStrength.Mapping, append: false, ...(mapping.unit ? { unit: mapping.unit } : {}) } : null;
    }
    return matchHeader(header);
  });
  const winner = new Map<FeedTarget, number>();
  candidates.forEach((c, i) => {
    if (!c || c.append) return;
    const current = winner.get(c.target);
    if (current === undefined || candidates[current]!.strength < c.strength) winner.set(c.target, i);
  });
  const columns = candidates.map((c, i) => {
    if (!c) return null;
    if (c.append) return winner.has(c.target) ? null : c;
    return winner.get(c.target) === i ? c : null;
  });
  const present = new Set(headers.map(normalizeHeader));
  const unusedMappings = mappings ? [...mappings.keys()].filter((k) => !present.has(k)) : [];
  return { columns, unusedMappings };
}

/** The unit of the column that fills kilometers (undefined: km). */
export function kilometersUnitOf(plan: ColumnPlan): KilometersUnit | undefined {
  return plan.columns.find((c) => c?.target === 'kilometers')?.unit;
}

/** True when the plan fills the VIN. */
export function planHasVin(plan: ColumnPlan): boolean {
  return plan.columns.some((c) => c?.target === 'vin');
}
