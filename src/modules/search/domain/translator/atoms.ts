/**
 * What the parser produces and the filter builder groups: atoms (one condition each, or a few
 * and-ed ones, possibly negated) separated by links (and / or / comma / ...).
 */
import type { Comparator, ScalarValue } from '../../../../../libs/common/vehicle/filter-expression';
import type { CondSpec } from './lexicon';

export interface Atom {
  /** Attribute used for grouping ("certified" for certified pre-owned, which also sets condition). */
  readonly attr: string;
  conds: CondSpec[];
  readonly negated?: readonly CondSpec[];
  neg: boolean;
  /** Carries a numeric bound (price under X, ...): shared across "or" branches unless each has one. */
  readonly numeric: boolean;
  readonly nameKind?: 'manufacturer' | 'model' | 'trim';
  /** A bound said in words ("newer"): gives way to a number on the same attribute ("newer, 2019 or later"). */
  readonly soft?: boolean;
}

export type LinkKind = 'or' | 'and' | 'with' | 'comma' | 'boundary' | 'gap';
export type Item = { readonly t: 'atom'; readonly atom: Atom } | { readonly t: 'link'; readonly link: LinkKind };

export const SINGLE_VALUED = new Set([
  'condition', 'certified', 'manufacturer', 'model', 'trim', 'year', 'type', 'color', 'fuel_type', 'transmission', 'drive_train',
  'seats', 'doors', 'accident', 'stock_number', 'vin',
]);
export const INTEGER_ATTRS = new Set(['year', 'kilometers', 'seats', 'doors', 'horse_power', 'fuel_economy_city', 'fuel_economy_highway', 'monthly_lease_payment', 'monthly_finance_payment']);
export const MILES_TO_KM = 1.609344;
export const VIN_RE = /^[a-hj-npr-z0-9]{17}$/;
export const STOCK_RE = /^[a-z]{1,3}\d{4,8}$/;

export const cond = (attribute: string, comparator: Comparator, value: ScalarValue): CondSpec => ({ attribute, comparator, value });

export function makeAtom(attr: string, conds: CondSpec[], extra: Partial<Pick<Atom, 'negated' | 'nameKind' | 'soft'>> = {}): Atom {
  return {
    attr,
    conds,
    neg: false,
    numeric: conds.some((c) => c.comparator === 'lt' || c.comparator === 'lte' || c.comparator === 'gt' || c.comparator === 'gte'),
    ...extra,
  };
}
