import { UNIT_PHRASES } from '../../../../libs/common/text/amounts';
import {
  canonicalBodyType, canonicalColor, canonicalCondition, canonicalDriveTrain, canonicalFuelType, canonicalTransmission, saysCertified,
} from '../../../../libs/common/vehicle/canonical-values';
import { CAR_FIELDS, CarCondition, CarData, CarField, RAW_TEXT_FIELDS } from './car';
import { FeedRecord, RawCarValues } from './car-feed';
import { KilometersUnit } from './feed-headers';
import { normalizeVin, vinProblem } from './vin';

/** Row error codes of the upload result (decisions.md section 5). */
export enum RowErrorCode {
  RequiredFieldMissing = 1001,
  InvalidVin = 1002,
  DuplicateVin = 1003,
  NotANumber = 1004,
  OutOfRange = 1005,
  MalformedRow = 1006,
  ValueTooLong = 1007,
}

export interface RowError {
  /** 0-based data row (the header is not a data row). */
  index: number;
  /** The VIN as the file gave it, or "". */
  id: string;
  code: RowErrorCode;
  reason: string;
}

export type RowOutcome = { ok: true; index: number; car: CarData } | { ok: false; error: RowError };

type FieldRule =
  | { kind: 'text'; max: number }
  | { kind: 'integer'; min: number; max: number; price?: true }
  | { kind: 'money'; min: number; max: number }
  | { kind: 'boolean' };

const INT_MAX = 2147483647;
const text = (max: number): FieldRule => ({ kind: 'text', max });
const integer = (min: number, max: number): FieldRule => ({ kind: 'integer', min, max });

/** The first model year; the last one is computed (next year's models are sold this year). */
const FIRST_MODEL_YEAR = 1886;

/** Rules of every field but vin and condition. Text limits are the database column sizes. */
type RuledField = Exclude<CarField, 'vin' | 'condition'>;
const FIELD_RULES: Readonly<Record<RuledField, FieldRule>> = {
  stock_number: text(64),
  year: integer(FIRST_MODEL_YEAR, 9999), // upper bound set per validator from the clock
  manufacturer: text(100),
  model: text(100),
  trim: text(100),
  type: text(50),
  certified: { kind: 'boolean' },
  price: { kind: 'money', min: 0, max: 9999999999.99 },
  display_price: { kind: 'integer', min: 0, max: INT_MAX, price: true },
  currency_code: text(8),
  kilometers: integer(0, 10_000_000),
  color: text(50),
  fuel_type: text(50),
  transmission: text(50),
  drive_train: text(50),
  engine: text(100),
  horse_power: integer(0, 5000),
  torque: integer(0, 5000),
  doors: integer(0, 9),
  seats: integer(1, 99),
  fuel_economy_city: integer(0, 1000),
  fuel_economy_highway: integer(0, 1000),
  monthly_lease_payment: integer(0, 10_000_000),
  monthly_finance_payment: integer(0, 10_000_000),
  options: text(4000),
  accident: { kind: 'boolean' },
  car_fax: text(2048),
  description: text(8000),
  site_url: text(2048),
  image_url: text(2048),
  image_url_list: text(16000),
  video_url: text(2048),
  source_id: text(100),
  source_system: text(100),
  stock_status: text(50),
};

/** The fields after vin in feed order (the first bad one names the row's error), condition's rule being its own (null). */
const FIELD_STEPS: readonly [CarField, FieldRule | null][] = CAR_FIELDS.filter((f) => f !== 'vin').map((f) => [f, f === 'condition' ? null : FIELD_RULES[f]]);
const BLANK_CAR = Object.fromEntries([...CAR_FIELDS, ...RAW_TEXT_FIELDS, 'model_family'].map((field) => [field, null])) as unknown as CarData;

/** Distinct texts remembered per derivation: feeds repeat few; a feed of all-different texts stops filling it. */
const REMEMBERED_TEXTS = 2048;

/** `derive` with its answers remembered, for one upload. */
function remembered<T>(derive: (text: string | null) => T | null): (text: string | null) => T | null {
  const answers = new Map<string, T | null>();
  return (text) => {
    if (text === null) return null;
    const known = answers.get(text);
    if (known !== undefined) return known;
    const answer = derive(text);
    if (answers.size < REMEMBERED_TEXTS) answers.set(text, answer);
    return answer;
  };
}

const TRUE_WORDS = new Set(['yes', 'true', 'y', '1']);
const FALSE_WORDS = new Set(['no', 'false', 'n', '0']);
// Unit words are the amounts reader's (one table); "mil" is a unit column's miles, an amount's million.
const MILES_WORDS = new Set([...UNIT_PHRASES.miles, 'mil']);
const KM_WORDS = new Set(UNIT_PHRASES.km);
const KM_PER_MILE = 1.609344;
/** What feeds write for "no price" (decisions.md section 5): the car lands with price null. */
const NO_PRICE_WORDS = new Set(['', 'call', 'call for price']);
const NO_PRICE_NUMBERS = new Set([-1, 0]);
/** Numbers may carry `$`, thousands separators and spaces (decisions.md section 5). */
const NUMBER_NOISE = /[$,\s\u00a0]/g;
const NUMBER_SHAPE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

export interface RowRulesOptions {
  /** The inventory being replaced: a row of the other condition is refused. */
  condition: CarCondition;
  /** US and CA dealerships: VINs must carry a valid ISO 3779 check digit. */
  requireCheckDigit: boolean;
  /** Clock for the latest accepted model year (this year + 2). */
  now?: Date;
  /** US dealerships: a column reached through `Mileage`, `Miles` or `Odometer` is in miles. */
  milesByDefault?: boolean;
  /** The catalog's body type of a model, for a car whose body text says nothing usable. */
  catalogBodyType?: (manufacturer: string | null, model: string | null) => string | null;
}

class RowRuleError extends Error {
  constructor(readonly code: RowErrorCode, reason: string) {
    super(reason);
  }
}

/**
 * The row rules of an upload. Stateful across one file: it remembers the VINs seen so that a VIN
 * repeated in the same file is an error on the later row (whatever became of the earlier one).
 */
export class CarRowValidator {
  private readonly seen = new Map<string, number>();
  private readonly maxYear: number;
  /** A feed repeats a handful of body, colour, fuel, drive and gearbox texts over all its rows. */
  private readonly canonical = {
    type: remembered(canonicalBodyType),
    color: remembered(canonicalColor),
    fuelType: remembered(canonicalFuelType),
    driveTrain: remembered(canonicalDriveTrain),
    transmission: remembered(canonicalTransmission),
  };

  constructor(private readonly options: RowRulesOptions) {
    this.maxYear = (options.now ?? new Date()).getUTCFullYear() + 2;
  }

  validate(record: FeedRecord): RowOutcome {
    if ('malformed' in record) {
      const code = record.tooLong ? RowErrorCode.ValueTooLong : RowErrorCode.MalformedRow;
      return { ok: false, error: { index: record.index, id: record.id, code, reason: record.malformed } };
    }
    const { index, values } = record;
    const rawVin = values.vin;
    const id = typeof rawVin === 'string' ? rawVin : typeof rawVin === 'number' ? String(rawVin) : '';
    try {
      const vin = this.checkVin(rawVin, index);
      return { ok: true, index, car: this.buildCar(vin, values, record.kilometersUnit) };
    } catch (err) {
      if (err instanceof RowRuleError) return { ok: false, error: { index, id, code: err.code, reason: err.message } };
      throw err;
    }
  }

  private checkVin(raw: unknown, index: number): string {
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
      throw new RowRuleError(RowErrorCode.RequiredFieldMissing, 'vin is required');
    }
    if (typeof raw !== 'string') throw new RowRuleError(RowErrorCode.InvalidVin, 'vin must be a string of 17 characters');
    const vin = normalizeVin(raw);
    const problem = vinProblem(vin, this.options.requireCheckDigit);
    if (problem === 'syntax') {
      throw new RowRuleError(RowErrorCode.InvalidVin, 'vin must be 17 characters of A-H, J-N, P, R-Z and 0-9');
    }
    if (problem === 'check_digit') {
      throw new RowRuleError(RowErrorCode.InvalidVin, 'vin check digit (position 9) does not match the rest of the VIN');
    }
    const earlier = this.seen.get(vin);
    if (earlier !== undefined) throw new RowRuleError(RowErrorCode.DuplicateVin, `vin repeats the VIN of row ${earlier}`);
    this.seen.set(vin, index);
    return vin;
  }

  private buildCar(vin: string, values: RawCarValues, kilometersUnit: KilometersUnit | undefined): CarData {
    // One hidden class for every car (a copy of BLANK_CAR): adding forty keys one by one would leave
    // each car a dictionary, which every later read of it pays for (the TSV line, the feature mask).
    const car: CarData = { ...BLANK_CAR, vin, condition: this.options.condition };
    const target = car as unknown as Record<string, unknown>;
    for (const [field, rule] of FIELD_STEPS) {
      if (rule === null) this.applyCondition(car, values.condition);
      else target[field] = this.convert(field as RuledField, rule, values[field]);
    }
    if (car.kilometers !== null) car.kilometers = this.inKilometers(car.kilometers, values.mileage_unit, kilometersUnit);
    this.deriveCanonicalValues(car);
    // A condition of "CPO"/"certified" says certified when no certified column says otherwise.
    if (car.certified === null && typeof values.condition === 'string' && saysCertified(values.condition)) {
      car.certified = true;
    }
    if (car.image_url === null && car.image_url_list !== null) {
      car.image_url = car.image_url_list.split(/[|,\s]+/).find((u) => u !== '') ?? null;
    }
    return car;
  }

  /**
   * Keeps the feed's text of type, color, fuel_type, drive_train and transmission (`<field>_text`)
   * and sets the field to the canonical value derived from it; a text with no canonical value stays
   * as the field's value (searchable as text). A body text that says nothing usable takes the
   * catalog model's type when the catalog knows one.
   */
  private deriveCanonicalValues(car: CarData): void {
    car.type_text = car.type;
    car.color_text = car.color;
    car.fuel_type_text = car.fuel_type;
    car.drive_train_text = car.drive_train;
    car.transmission_text = car.transmission;
    car.type = this.canonical.type(car.type) ?? this.options.catalogBodyType?.(car.manufacturer, car.model) ?? car.type;
    car.color = this.canonical.color(car.color) ?? car.color;
    car.fuel_type = this.canonical.fuelType(car.fuel_type) ?? car.fuel_type;
    car.drive_train = this.canonical.driveTrain(car.drive_train) ?? car.drive_train;
    car.transmission = this.canonical.transmission(car.transmission) ?? car.transmission;
  }

  private applyCondition(car: CarData, raw: unknown): void {
    const value = this.asText('condition', raw, 32);
    if (value === null) return;
    const condition: CarCondition | null = canonicalCondition(value);
    if (condition === null) throw new RowRuleError(RowErrorCode.OutOfRange, `condition must be new or used: ${quote(value)}`);
    if (condition !== this.options.condition) {
      throw new RowRuleError(RowErrorCode.OutOfRange, `condition ${condition} does not belong in the ${this.options.condition} inventory`);
    }
  }

  private convert(field: RuledField, rule: FieldRule, raw: unknown): string | number | boolean | null {
    switch (rule.kind) {
      case 'text':
        return this.asText(field, raw, rule.max);
      case 'boolean':
        return this.asBoolean(field, raw);
      case 'integer': {
        const n = rule.price ? this.asPrice(field, raw) : this.asNumber(field, raw);
        if (n === null) return null;
        if (!Number.isInteger(n)) throw new RowRuleError(RowErrorCode.NotANumber, `${field} must be a whole number: ${quote(raw)}`);
        const max = field === 'year' ? this.maxYear : rule.max;
        if (n < rule.min || n > max) throw new RowRuleError(RowErrorCode.OutOfRange, `${field} must be between ${rule.min} and ${max}: ${quote(raw)}`);
        return n;
      }
      case 'money': {
        const n = this.asPrice(field, raw);
        if (n === null) return null;
        if (n < rule.min || n > rule.max) throw new RowRuleError(RowErrorCode.OutOfRange, `${field} must be between ${rule.min} and ${rule.max}: ${quote(raw)}`);
        return Math.round(n * 100) / 100;
      }
    }
  }

  private asText(field: string, raw: unknown, max: number): string | null {
    if (raw === undefined || raw === null) return null;
    let value: string;
    if (typeof raw === 'string') value = raw.trim();
    else if (typeof raw === 'number' || typeof raw === 'boolean') value = String(raw);
    else throw new RowRuleError(RowErrorCode.MalformedRow, `${field} must be a single value, not ${Array.isArray(raw) ? 'an array' : 'an object'}`);
    if (value === '') return null;
    if (value.length > max) throw new RowRuleError(RowErrorCode.ValueTooLong, `${field} is longer than ${max} characters`);
    return value;
  }

  private asNumber(field: string, raw: unknown): number | null {
    if (raw === undefined || raw === null) return null;
    if (typeof raw === 'number') {
      if (!Number.isFinite(raw)) throw new RowRuleError(RowErrorCode.NotANumber, `${field} is not a number: ${quote(raw)}`);
      return raw;
    }
    if (typeof raw !== 'string') throw new RowRuleError(RowErrorCode.NotANumber, `${field} is not a number: ${quote(raw)}`);
    const cleaned = raw.replace(NUMBER_NOISE, '');
    if (cleaned === '') {
      if (raw.trim() === '') return null;
      throw new RowRuleError(RowErrorCode.NotANumber, `${field} is not a number: ${quote(raw)}`);
    }
    if (!NUMBER_SHAPE.test(cleaned)) throw new RowRuleError(RowErrorCode.NotANumber, `${field} is not a number: ${quote(raw)}`);
    return Number(cleaned);
  }

  /** A number, or null for the feeds' ways of saying "no price": -1, 0, empty, `call`, `call for price`. */
  private asPrice(field: string, raw: unknown): number | null {
    if (typeof raw === 'string' && NO_PRICE_WORDS.has(raw.trim().replace(/\s+/g, ' ').toLowerCase())) return null;
    const n = this.asNumber(field, raw);
    return n !== null && NO_PRICE_NUMBERS.has(n) ? null : n;
  }

  private asBoolean(field: string, raw: unknown): boolean | null {
    if (raw === undefined || raw === null) return null;
    if (typeof raw === 'boolean') return raw;
    if (typeof raw === 'number' && (raw === 0 || raw === 1)) return raw === 1;
    if (typeof raw === 'string') {
      const word = raw.trim().toLowerCase();
      if (word === '') return null;
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
    }
    throw new RowRuleError(RowErrorCode.OutOfRange, `${field} must be yes or no (or true/false, y/n, 1/0): ${quote(raw)}`);
  }

  /**
   * The odometer in km. The unit: a columnMappings target's (`kilometers:mi`), else the row's own
   * unit column (Meta-style feeds: `mileage.unit`), else miles for a `Mileage`/`Miles`/`Odometer`
   * column of a US dealership, else km.
   */
  private inKilometers(value: number, rawUnit: unknown, columnUnit: KilometersUnit | undefined): number {
    let unit = columnUnit === 'mi' || columnUnit === 'km' ? columnUnit : (this.asText('mileage_unit', rawUnit, 32)?.toLowerCase() ?? null);
    if (unit === null && columnUnit === 'regional' && this.options.milesByDefault) unit = 'mi';
    if (unit === null || KM_WORDS.has(unit)) return value;
    if (MILES_WORDS.has(unit)) {
      const km = Math.round(value * KM_PER_MILE);
      if (km > (FIELD_RULES.kilometers as { max: number }).max) throw new RowRuleError(RowErrorCode.OutOfRange, `kilometers must be at most 10000000: ${value} miles`);
      return km;
    }
    throw new RowRuleError(RowErrorCode.OutOfRange, `mileage_unit must be MI or KM: ${quote(rawUnit)}`);
  }
}

function quote(raw: unknown): string {
  const s = typeof raw === 'string' ? raw : JSON.stringify(raw) ?? String(raw);
  return `"${s.length > 40 ? `${s.slice(0, 40)}...` : s}"`;
}
