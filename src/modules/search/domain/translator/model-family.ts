/**
 * Model families (search-vocabulary.md, "Real feeds and real shoppers"): a model word names every
 * model of that family the dealership stocks, whatever its feed calls it ("sierra" -> `Sierra 1500
 * Limited`, `Sierra 2500HD`; "f350" -> `F-350SD`, `F-350 Super Duty`, not `F-3500`).
 *
 * A name's family form is its tokens (letters and digits, split where letters meet digits: "F-350"
 * = "F350" = "f 350"), lower case, without the variant words that follow a number (`SD`, `HD`,
 * `Super Duty`, `Heavy Duty`). A stocked name belongs to the family of a word when its form starts
 * with the word's form at a token boundary and the next token, if any, is a variant: a number
 * (`1500`), a trim word (`Limited`, `LT`) or a fuel word (`Hybrid`); a longer model of the catalog
 * in between whose next word is a word ("F-150 Lightning", "Mustang Mach-E") is a model of its own.
 */
import { foldCase } from './tokenizer';

export interface FamilyForm {
  /** The tokens joined ("f350", "sierra1500limited"). */
  readonly text: string;
  readonly tokens: readonly string[];
  /** Where each token starts in `text`. */
  readonly starts: readonly number[];
}

/** Variant words after a number: the same model ("F-350SD" = "F-350 Super Duty" = "F-350"). */
const NUMBER_VARIANTS: readonly (readonly string[])[] = [['super', 'duty'], ['heavy', 'duty'], ['superduty'], ['heavyduty'], ['hd'], ['sd']];

/** Words that make a variant of a model, not another model ("RAV4 Hybrid", "Spark EV"). */
const FUEL_VARIANT_WORDS: ReadonlySet<string> = new Set(['hybrid', 'electric', 'ev', 'phev', 'plugin', 'plug', 'diesel', 'awd', '4wd', '4x4']);

/** A name (or a compact query key, whose letters and digits are split where they meet) -> its family form. */
export function familyForm(name: string): FamilyForm {
  const raw = foldCase(name)
    .replace(/&/g, 'and')
    .split(/[^a-z0-9]+|(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])/)
    .filter(Boolean);
  const tokens: string[] = [];
  for (let i = 0; i < raw.length; ) {
    const prev = tokens[tokens.length - 1];
    const variant = prev !== undefined && /\d/.test(prev) ? NUMBER_VARIANTS.find((seq) => seq.every((w, k) => raw[i + k] === w)) : undefined;
    if (variant) {
      i += variant.length;
      continue;
    }
    tokens.push(raw[i]);
    i++;
  }
  const starts: number[] = [];
  let text = '';
  for (const t of tokens) {
    starts.push(text.length);
    text += t;
  }
  return { text, tokens, starts };
}

/**
 * The token of `form` right after the prefix `head` (a family form's text), '' when `head` is all
 * of it, null when `head` does not start it at a token boundary.
 */
export function tokenAfter(head: string, form: FamilyForm): string | null {
  if (head.length === 0 || !form.text.startsWith(head)) return null;
  if (head.length === form.text.length) return '';
  const idx = form.starts.indexOf(head.length);
  return idx < 0 ? null : form.tokens[idx];
}

/** Whether the token after a family's head keeps the name in that family (a number, a trim or fuel word). */
export function isVariantToken(token: string, trimWords: ReadonlySet<string>): boolean {
  return token === '' || /^\d/.test(token) || trimWords.has(token) || FUEL_VARIANT_WORDS.has(token);
}

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
      return after !== null && after !== '' && !/^\d/.test(after);
    });
  });
}
