/**
 * Model families (search-vocabulary.md, "Real feeds and real shoppers"): one model however a feed
 * spells it. `F-350SD`, `Super Duty F-350 DRW` and `F-350 King Ranch` are the F-350; `Sierra
 * 2500HD` and `2500HD Sierra` the Sierra 2500HD; `4Runner 2WD` and `4Runner 4WD` the 4Runner; but
 * `Silverado 1500` is not the `Silverado 2500HD` and `F-150 Lightning` is not the `F-150`.
 *
 * Inventory resolves each car's model text to its family at upload (stored beside the text);
 * search compares a shopper's model words with the families.
 */
import { BODY_TYPE_WORDS, DRIVE_TRAIN_WORDS } from './canonical-values';

/** A name as tokens: letters and digits, split where letters meet digits, without the name-part words. */
export interface FamilyForm {
  /** The tokens joined ("f350", "sierra2500"). */
  readonly text: string;
  readonly tokens: readonly string[];
  /** Where each token starts in `text`. */
  readonly starts: readonly number[];
}

/**
 * Words that are part of a model's name but make no other model: heavy-duty designations (after
 * a number: `2500HD`, `F-350SD`; or anywhere: `Super Duty`, `DRW`), and the drive and body words
 * of the vocabulary (`4WD`, `4x2`, `Crew Cab`, `Cargo Van`), which feeds write into model texts.
 */
const NAME_PART_PHRASES: readonly (readonly string[])[] = [
  ...['super duty', 'heavy duty', 'superduty', 'heavyduty', 'srw', 'drw', 'dually', 'cab', 'chassis', '2wd', 'door', 'doors'],
  ...DRIVE_TRAIN_WORDS.flatMap(([, words]) => words),
  ...BODY_TYPE_WORDS.flatMap(([, words]) => words),
]
  .map((p) => p.split(' '))
  .sort((a, b) => b.length - a.length);
/** Designation suffixes glued to a number (`2500HD`, `F-350SD`): the number's model. */
const NUMBER_SUFFIXES: ReadonlySet<string> = new Set(['hd', 'sd', 'srw', 'drw', 'superduty', 'heavyduty']);
const DOORS = /^\d+dr$/;

/** Words that make a variant of a model, not another model ("RAV4 Hybrid", "Spark EV"). */
const FUEL_VARIANT_WORDS: ReadonlySet<string> = new Set(['hybrid', 'electric', 'ev', 'phev', 'plugin', 'plug', 'diesel', 'awd', '4wd', '4x4']);

function foldName(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/&/g, 'and');
}

/** Length of the name-part phrase starting words[i] (0: none). */
function namePartAt(words: readonly string[], i: number): number {
  if (DOORS.test(words[i])) return 1;
  return NAME_PART_PHRASES.find((p) => p.every((w, k) => words[i + k] === w))?.length ?? 0;
}

/** A name (or a compact query key) -> its family form; a name made only of name-part words keeps them ("Super Duty"). */
export function familyForm(name: string): FamilyForm {
  const words = foldName(name).split(/[^a-z0-9]+/).filter(Boolean);
  const kept: string[] = [];
  for (let i = 0; i < words.length; ) {
    const part = namePartAt(words, i);
    if (part > 0) i += part;
    else kept.push(words[i++]);
  }
  const pieces = (list: string[]) => list.flatMap((w) => w.split(/(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])/));
  let tokens = pieces(kept).filter((t, i, all) => !(NUMBER_SUFFIXES.has(t) && i > 0 && /^\d/.test(all[i - 1])));
  if (tokens.length === 0) tokens = pieces(words);
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

/** Whether the token after a name keeps it in that name's line (a number, a trim or fuel word: "Sierra 1500", "RAV4 Hybrid"). */
export function isVariantToken(token: string, trimWords: ReadonlySet<string>): boolean {
  return token === '' || /^\d/.test(token) || trimWords.has(token) || FUEL_VARIANT_WORDS.has(token);
}

/** The words of a trim text, whatever separates them (`Laramie/Longhorn`, `LT w/1LT`, `ST-Line`): lower case, letters and digits. */
export function trimWords(trim: string): string[] {
  return foldName(trim)
    .replace(/\bw\//g, ' ')
    .split(/[\s/\-,+&()]+/)
    .map((w) => w.replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
}

/** A designation number a catalog model leaves out (`Silverado` 1500, `Transit` 250): 3-4 digits, not a model year. */
function isDesignation(token: string | undefined): token is string {
  if (token === undefined || !/^\d{3,4}$/.test(token)) return false;
  const n = Number(token);
  return n < 1950 || n > 2035;
}

export interface ManufacturerModel {
  readonly manufacturer: string;
  readonly model: string;
}

const makerKey = (manufacturer: string): string => foldName(manufacturer).replace(/[^a-z0-9]/g, '');

/** `text` without its name-part words (whole words only: `F-350 Super Duty` -> `F-350`; `Sierra 2500HD` stays). */
function spelledWithoutParts(text: string): string {
  const chunks = text.split(/\s+/).filter(Boolean);
  const folded = chunks.map((c) => foldName(c).replace(/[^a-z0-9]/g, ''));
  const kept: string[] = [];
  for (let i = 0; i < chunks.length; ) {
    const part = namePartAt(folded, i);
    if (part > 0) i += part;
    else kept.push(chunks[i++]);
  }
  return kept.length > 0 ? kept.join(' ') : text.trim();
}

/**
 * The family of a model text, from the catalog's models of its manufacturer and the dealership's
 * own names. With a catalog model in it (its tokens in a row, a leading number read after the
 * name: `2500HD Sierra`), the longest one is the family, with the designation number the catalog
 * leaves out (`Silverado 1500`); anything after it is trim (`F-350 King Ranch`, `Wrangler
 * Unlimited`). Without one, the text less its name-part words and the trim words it ends with, as
 * the stock first spelled that family.
 */
export class ModelFamilyResolver {
  private readonly catalog = new Map<string, { name: string; form: FamilyForm }[]>();
  private readonly trims = new Set<string>();
  /** manufacturer key -> family form text -> the spelling first seen. */
  private readonly spelled = new Map<string, Map<string, string>>();
  /** manufacturer key + model text -> its family: one answer per text in an upload, and each text resolved once. */
  private readonly resolved = new Map<string, string | null>();

  constructor(catalog: readonly ManufacturerModel[]) {
    for (const m of catalog) {
      const key = makerKey(m.manufacturer);
      const list = this.catalog.get(key) ?? [];
      if (!list.some((c) => c.name === m.model)) list.push({ name: m.model, form: familyForm(m.model) });
      this.catalog.set(key, list);
    }
  }

  /** A trim the dealership stocks: its words end a model text without making another model. */
  noteTrim(trim: string | null): void {
    if (trim) for (const w of trimWords(trim)) this.trims.add(w);
  }

  /** The family name of `model` (null without a manufacturer or model). */
  familyOf(manufacturer: string | null, model: string | null): string | null {
    if (!manufacturer?.trim() || !model?.trim()) return null;
    const maker = makerKey(manufacturer);
    const memo = `${maker}\u0000${model}`;
    if (this.resolved.has(memo)) return this.resolved.get(memo) ?? null;
    const family = this.resolve(maker, model);
    this.resolved.set(memo, family);
    return family;
  }

  private resolve(maker: string, model: string): string | null {
    const form = familyForm(model);
    if (form.tokens.length === 0) return null;
    const fromCatalog = this.catalogFamily(maker, form.tokens);
    if (fromCatalog) return fromCatalog;
    const own = this.ownFamily(model);
    const forms = this.spelled.get(maker) ?? new Map<string, string>();
    this.spelled.set(maker, forms);
    const key = familyForm(own).text;
    if (!forms.has(key)) forms.set(key, own);
    return forms.get(key)!;
  }

  private catalogFamily(maker: string, tokens: readonly string[]): string | null {
    const models = this.catalog.get(maker);
    if (!models) return null;
    const lead = tokens.findIndex((t) => !/^\d/.test(t));
    const orders = [tokens];
    // "2500HD Sierra": the number after the name
    if (lead > 0 && lead < tokens.length) orders.push([tokens[lead], ...tokens.slice(0, lead), ...tokens.slice(lead + 1)]);
    let best: { name: string; size: number; at: number; next: string | undefined; numbered: boolean } | null = null;
    for (const order of orders) {
      for (const m of models) {
        const size = m.form.tokens.length;
        if (size === 0 || (best && size < best.size)) continue;
        for (let at = 0; at + size <= order.length; at++) {
          if (!m.form.tokens.every((t, k) => order[at + k] === t)) continue;
          if (!best || size > best.size || at < best.at) {
            best = { name: m.name, size, at, next: order[at + size], numbered: m.form.tokens.some((t) => /^\d/.test(t)) };
          }
          break;
        }
      }
    }
    if (!best) return null;
    const name = spelledWithoutParts(best.name);
    return !best.numbered && isDesignation(best.next) ? `${name} ${best.next}` : name;
  }

  /** The text less its name-part words and the trim words it ends with (`Tundra Limited` is the Tundra when Limited is a stocked trim). */
  private ownFamily(model: string): string {
    const chunks = spelledWithoutParts(model).split(/\s+/);
    while (chunks.length > 1) {
      const words = trimWords(chunks[chunks.length - 1]);
      // a letter or a number ends a name (`Model S`, `Model 3`), not a trim
      if (words.length === 0 || words.some((w) => w.length < 2 || /^\d+$/.test(w)) || !words.every((w) => this.trims.has(w))) break;
      chunks.pop();
    }
    return chunks.join(' ');
  }
}
