/**
 * Model families on the query side (search-vocabulary.md, "Real feeds and real shoppers"): a model
 * word names every model of that family the dealership stocks, whatever its feed calls it
 * ("sierra" -> `Sierra 1500`, `Sierra 2500HD`, `2500HD Sierra`; "f350" -> `F-350SD`, `Super Duty
 * F-350 DRW`, not `F-3500`). Each stocked model text comes with its family, resolved at upload
 * (libs/common/vehicle/model-family.ts, where names become family forms).
 *
 * A stocked name belongs to the family of a word when its form (or its family's) starts with the
 * word's form at a token boundary and the next token, if any, is a variant: a number (`1500`), a
 * trim word (`Limited`, `LT`) or a fuel word (`Hybrid`); a longer model of the catalog in between
 * whose next word is a word ("F-150 Lightning", "Mustang Mach-E", not "Grand Cherokee L") is a
 * model of its own.
 */
import { type FamilyForm, isVariantToken, tokenAfter } from '../../../../../libs/common/vehicle/model-family';

/** A stocked name of a family: its form, and its form with its manufacturer before it (Ram `1500` = "ram 1500"). */
export interface StockedForm {
  readonly name: string;
  readonly manufacturer: string;
  readonly form: FamilyForm;
  readonly makerForm: FamilyForm;
}

/**
 * The stocked names of the family whose head is `head` (a family form's text): of `manufacturer`
 * (null: any), or named with their manufacturer before them; `catalog` holds the forms of the
 * catalog's models by manufacturer (a longer catalog model in between whose next word is a word is
 * a model of its own).
 */
export function familyMembers(
  head: string,
  manufacturer: string | null,
  stocked: readonly StockedForm[],
  catalog: ReadonlyMap<string, readonly FamilyForm[]>,
  trimWords: ReadonlySet<string>,
): StockedForm[] {
  return stocked.filter((s) => {
    const own = manufacturer === null || s.manufacturer === manufacturer ? tokenAfter(head, s.form) : null;
    if (own === null) {
      // "ram 1500": the stocked `1500` of Ram; the manufacturer alone names no model
      const prefixed = tokenAfter(head, s.makerForm);
      return prefixed !== null && head.length > s.makerForm.text.length - s.form.text.length && isVariantToken(prefixed, trimWords);
    }
    if (!isVariantToken(own, trimWords)) return false;
    return !(catalog.get(s.manufacturer) ?? []).some((m) => {
      if (m.text.length <= head.length || tokenAfter(m.text, s.form) === null) return false;
      const after = tokenAfter(head, m);
      return after !== null && after.length > 1 && !/^\d/.test(after);
    });
  });
}
