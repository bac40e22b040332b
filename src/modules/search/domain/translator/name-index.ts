/**
 * The run-time names of the rule-based translator (manufacturers, models, trims: from the
 * dealership's stock and the catalog) compiled into lookup tables: hits keyed by the compact
 * spelling, the manufacturers of each model, the words never typo-corrected, and fuzzy targets
 * for typo correction. Only slang (chevy, vw, bimmer, ...) is built in (name-lexicon.ts).
 */
import { MAIN_LEXICON } from './lexicon';
import { familyForm, type FamilyForm, isVariantToken, ModelFamilyResolver, tokenAfter, trimWords } from '../../../../../libs/common/vehicle/model-family';
import { familyMembers, type StockedForm } from './model-family';
import { ALIAS_BLOCKLIST, ENGLISH_WORDS, MANUFACTURER_ALIASES, MODEL_ALIASES, TRIM_STANDALONE_BLOCKLIST } from './name-lexicon';
import { compact, foldCase } from './tokenizer';
import { VOCAB_TIER1, VOCAB_TIER2 } from './vocabulary-words';

export interface SearchNames {
  readonly manufacturers: readonly { readonly name: string }[];
  /**
   * `stocked`: a model the dealership has in stock (search finds it by this name); the others are the
   * catalog's. `family`: a stocked model's family as resolved at upload (libs/common/vehicle/model-family.ts;
   * resolved here the same way when absent).
   */
  readonly models: readonly { readonly name: string; readonly manufacturer: string; readonly stocked?: boolean; readonly family?: string | null }[];
  readonly trims?: readonly string[];
  /**
   * Of the attributes a car may lack (DATA_DEPENDENT), those at least one stocked car has a value
   * for; absent: all. A condition on another one is not applied (the stock cannot answer it).
   */
  readonly withData?: readonly string[];
}

/** Attributes feeds often leave out, so the stock may be unable to answer a condition on them. */
export const DATA_DEPENDENT: readonly string[] = ['fuel_economy_city', 'fuel_economy_highway', 'seats'];

/**
 * `rank`: position of the model in SearchNames.models (earlier = preferred, so list the
 * dealership's stock before the catalog); manufacturers and trims rank -1.
 */
export type NameHit =
  | { readonly kind: 'manufacturer'; readonly name: string; readonly rank: number }
  | { readonly kind: 'model'; readonly name: string; readonly manufacturer: string; readonly rank: number; readonly stocked?: boolean }
  | { readonly kind: 'trim'; readonly name: string; readonly rank: number };

export interface FuzzyTarget {
  readonly word: string;
  /** 1: a word that means something on its own; 2: a word that only occurs inside a phrase. */
  readonly tier: 1 | 2;
  readonly isName: boolean;
  /** For model words: the model's manufacturer (typos right after a manufacturer prefer its models). */
  readonly manufacturer: string | null;
}

/**
 * The run-time names in the form the translator uses: lookup tables keyed by the name with
 * everything but letters and digits removed ("CR-V", "cr v", "crv" -> "crv"), alias and fuzzy
 * indexes. Build it once per names version (e.g. when the catalog or a dealership's stock
 * changes) and pass it to translateQuery.
 */
export class CompiledSearchNames {
  /** compact key -> hits, manufacturers first, then models, then trims. */
  readonly hits = new Map<string, NameHit[]>();
  /** compact model key -> manufacturers that have it. */
  readonly modelMakers = new Map<string, Set<string>>();
  /** Every compact name key and every word of a name: never typo-corrected. */
  readonly knownWords = new Set<string>();
  /** first letter -> fuzzy targets (vocabulary words and names). */
  readonly fuzzy = new Map<string, FuzzyTarget[]>();
  /** Longest name, in query tokens. */
  maxSpan = 1;
  /** Model families (model-family.ts): the stocked names, the catalog's forms by manufacturer, the words of trims. */
  private readonly stocked: StockedForm[] = [];
  private readonly catalogForms = new Map<string, FamilyForm[]>();
  private readonly trimWords = new Set<string>();
  private readonly families = new Map<string, string[]>();
  /** Compact names of the catalog's models (a stocked name the catalog has too is a model of its own, name-matcher.ts). */
  readonly catalogModelKeys = new Set<string>();
  /** The compact words of a trim, and runs of them -> the stocked trims that have them ("xl" is `XL`, not `XLT`). */
  private readonly trimsByRun = new Map<string, string[]>();

  private readonly withoutData: ReadonlySet<string>;

  /** Whether the stock can answer a condition on `attribute` (some car has a value for it). */
  hasData(attribute: string): boolean {
    return !this.withoutData.has(attribute);
  }

  constructor(names: SearchNames) {
    const withData = names.withData;
    this.withoutData = new Set(withData ? DATA_DEPENDENT.filter((a) => !withData.includes(a)) : []);
    const makerByKey = new Map<string, string>();
    for (const m of names.manufacturers) {
      const key = compact(m.name);
      if (!key || makerByKey.has(key)) continue;
      makerByKey.set(key, m.name);
      this.addHit(key, { kind: 'manufacturer', name: m.name, rank: -1 });
      this.noteName(m.name);
    }
    const makerName = (raw: string): string => makerByKey.get(compact(raw)) ?? raw;
    // first word of a multi-word manufacturer ("Mercedes" of Mercedes-Benz, "Alfa" of Alfa Romeo)
    for (const [key, name] of makerByKey) {
      const words = name.split(/[\s-]+/).filter(Boolean);
      if (words.length < 2) continue;
      const first = compact(words[0]);
      if (first.length >= 4 && !ALIAS_BLOCKLIST.has(first) && !ENGLISH_WORDS.has(first) && !this.hits.has(first) && first !== key) {
        this.addHit(first, { kind: 'manufacturer', name, rank: -1 });
      }
    }
    for (const [alias, target] of Object.entries(MANUFACTURER_ALIASES)) {
      const key = compact(alias);
      if (this.hits.get(key)?.some((h) => h.kind === 'manufacturer')) continue;
      this.addHit(key, { kind: 'manufacturer', name: makerName(target), rank: -1 });
    }

    const modelsByKey = new Map<string, { name: string; manufacturer: string; rank: number; stocked: boolean }>();
    names.models.forEach((m, rank) => {
      const key = compact(m.name);
      if (!key) return;
      const manufacturer = makerName(m.manufacturer);
      const makers = this.modelMakers.get(key) ?? new Set<string>();
      if (makers.has(manufacturer)) return;
      makers.add(manufacturer);
      this.modelMakers.set(key, makers);
      if (!modelsByKey.has(key)) modelsByKey.set(key, { name: m.name, manufacturer, rank, stocked: !!m.stocked });
      this.addHit(key, { kind: 'model', name: m.name, manufacturer, rank, stocked: !!m.stocked });
      this.noteName(m.name);
    });
    // first/last word of multi-word models ("Bolt" of Bolt EV, "Lightning" of F-150 Lightning); when
    // several models share the word, the manufacturer named before it or the rank decides
    const partial = new Map<string, { name: string; manufacturer: string; rank: number; stocked: boolean }[]>();
    names.models.forEach((m, rank) => {
      const words = m.name.split(/\s+/).filter(Boolean);
      if (words.length < 2) return;
      for (const w of new Set([words[0], words[words.length - 1]])) {
        const key = compact(w);
        if (key.length < 4 || /^\d+$/.test(key) || ALIAS_BLOCKLIST.has(key) || ENGLISH_WORDS.has(key) || MAIN_LEXICON.has(key)) continue;
        if (this.hits.get(key)?.some((h) => h.kind === 'manufacturer' || (h.kind === 'model' && h.rank <= rank))) continue;
        const list = partial.get(key) ?? [];
        const manufacturer = makerName(m.manufacturer);
        if (!list.some((x) => x.manufacturer === manufacturer)) list.push({ name: m.name, manufacturer, rank, stocked: !!m.stocked });
        partial.set(key, list);
      }
    });
    for (const [key, models] of partial) for (const model of models) this.addHit(key, { kind: 'model', ...model });
    this.indexFamilies(names, makerName);
    for (const [alias, target] of Object.entries(MODEL_ALIASES)) {
      const model = modelsByKey.get(compact(target));
      const key = compact(alias);
      if (!model || this.hits.get(key)?.some((h) => h.kind === 'manufacturer' || (h.kind === 'model' && h.rank <= model.rank))) continue;
      this.addHit(key, { kind: 'model', ...model });
    }

    for (const t of names.trims ?? []) {
      // a trim by its words, whatever separates them ("longhorn" of `Laramie/Longhorn`, "lt1" of `LT LT1`)
      for (const run of trimRuns(t)) {
        const trims = this.trimsByRun.get(run.key) ?? [];
        if (!trims.includes(t)) trims.push(t);
        this.trimsByRun.set(run.key, trims);
        if (this.hits.get(run.key)?.some((h) => h.kind === 'trim')) continue;
        this.addHit(run.key, { kind: 'trim', name: run.spelled, rank: -1 });
        this.maxSpan = Math.max(this.maxSpan, Math.min(5, tokenPieces(run.spelled)));
      }
      for (const w of foldCase(t).split(/[^a-z0-9]+/)) if (w) this.knownWords.add(w);
    }
    for (const key of this.hits.keys()) this.knownWords.add(key);
    // names sorted so that each hit list reads manufacturer, model, trim
    const order = { manufacturer: 0, model: 1, trim: 2 } as const;
    for (const list of this.hits.values()) list.sort((a, b) => order[a.kind] - order[b.kind] || a.rank - b.rank);
    this.buildFuzzy(names, makerName);
  }

  /**
   * The stocked model names a model word stands for (model-family.ts): `key` is the compact
   * spelling the query matched `hit` by. Empty when the dealership stocks none of the family.
   */
  familyOf(hit: Extract<NameHit, { kind: 'model' }>, key: string): readonly string[] {
    const memo = `${key}|${hit.name}|${hit.manufacturer}`;
    let names = this.families.get(memo);
    if (!names) {
      const members = (head: string) => familyMembers(head, hit.manufacturer, this.stocked, this.catalogForms, this.trimWords);
      const head = familyForm(key).text;
      let found = members(head);
      const hitForm = familyForm(hit.name);
      // slang ("vette", "sil") names the model it stands for
      if (found.length === 0 && tokenAfter(head, hitForm) === null && tokenAfter(head, familyForm(`${hit.manufacturer} ${hit.name}`)) === null) found = members(hitForm.text);
      names = [...new Set(found.map((m) => m.name))];
      this.families.set(memo, names);
    }
    return names;
  }

  /**
   * The stocked trims a trim word (or words) stands for, `key` being the compact spelling matched:
   * every trim with those words, whatever the separators ("lt1" -> `LT LT1`; "longhorn" ->
   * `Longhorn`, `Laramie/Longhorn`, `Limited Longhorn`; "xl" -> `XL`, not `XLT`).
   */
  trimsOf(key: string): readonly string[] {
    return this.trimsByRun.get(key) ?? [];
  }

  /**
   * Family forms of the catalog models and of each stocked model, by its text and by its family's
   * name (`Super Duty F-350 DRW` is found as "f350"); their family words as model keys ("sierra
   * 1500", "f350", "4runner").
   */
  private indexFamilies(names: SearchNames, makerName: (raw: string) => string): void {
    for (const t of names.trims ?? []) for (const w of trimWords(t)) this.trimWords.add(w);
    for (const w of TRIM_STANDALONE_BLOCKLIST) if (/^[a-z0-9]+$/.test(w)) this.trimWords.add(w);
    let resolver: ModelFamilyResolver | null = null;
    const familyOf = (model: string, manufacturer: string, stored: string | null | undefined): string => {
      if (stored) return stored;
      if (!resolver) {
        resolver = new ModelFamilyResolver(names.models.filter((m) => !m.stocked).map((m) => ({ manufacturer: makerName(m.manufacturer), model: m.name })));
        for (const t of names.trims ?? []) resolver.noteTrim(t);
      }
      return resolver.familyOf(manufacturer, model) ?? model;
    };
    const seen = new Set<string>();
    const ranked: { entry: StockedForm; rank: number }[] = [];
    names.models.forEach((m, rank) => {
      const manufacturer = makerName(m.manufacturer);
      const form = familyForm(m.name);
      if (!form.text) return;
      if (!m.stocked) {
        this.catalogModelKeys.add(compact(m.name));
        const list = this.catalogForms.get(manufacturer) ?? [];
        list.push(form);
        this.catalogForms.set(manufacturer, list);
        return;
      }
      const id = `${compact(manufacturer)}|${compact(m.name)}`;
      if (seen.has(id)) return;
      seen.add(id);
      const family = familyOf(m.name, manufacturer, m.family);
      for (const spelled of new Set([m.name, family])) {
        const entry: StockedForm = { name: m.name, manufacturer, form: familyForm(spelled), makerForm: familyForm(`${manufacturer} ${spelled}`) };
        this.stocked.push(entry);
        ranked.push({ entry, rank });
      }
    });
    for (const { entry, rank } of ranked) {
      const form = entry.form;
      for (let j = Math.min(2, form.tokens.length); j <= form.tokens.length; j++) {
        const key = j === form.tokens.length ? form.text : form.text.slice(0, form.starts[j]);
        if (key.length < 3 || key === compact(entry.name) || (j < form.tokens.length && !isVariantToken(form.tokens[j], this.trimWords))) continue;
        if (this.hits.get(key)?.some((h) => h.kind === 'manufacturer' || (h.kind === 'model' && h.rank <= rank))) continue;
        if (!familyMembers(key, entry.manufacturer, [entry], this.catalogForms, this.trimWords).length) continue;
        this.addHit(key, { kind: 'model', name: entry.name, manufacturer: entry.manufacturer, rank, stocked: true });
        this.maxSpan = Math.max(this.maxSpan, Math.min(5, j));
      }
    }
  }

  private addHit(key: string, hit: NameHit): void {
    const list = this.hits.get(key);
    if (list) list.push(hit);
    else this.hits.set(key, [hit]);
  }

  private noteName(name: string): void {
    for (const w of foldCase(name).split(/[^a-z0-9]+/)) if (w) this.knownWords.add(w);
    this.maxSpan = Math.max(this.maxSpan, Math.min(5, tokenPieces(name)));
  }

  private buildFuzzy(names: SearchNames, makerName: (raw: string) => string): void {
    const seen = new Map<string, FuzzyTarget>();
    const put = (target: FuzzyTarget): void => {
      if (target.word.length < 3 || !/^[a-z]+$/.test(target.word)) return;
      const prev = seen.get(target.word);
      if (prev && prev.tier <= target.tier) return;
      seen.set(target.word, target);
    };
    for (const w of VOCAB_TIER1) put({ word: w, tier: 1, isName: false, manufacturer: null });
    for (const w of VOCAB_TIER2) put({ word: w, tier: 2, isName: false, manufacturer: null });
    for (const [key, hits] of this.hits) {
      const hit = hits[0];
      if (hit.kind === 'trim') continue;
      put({ word: key, tier: 1, isName: true, manufacturer: hit.kind === 'model' ? hit.manufacturer : null });
    }
    for (const m of names.models) {
      const words = foldCase(m.name).split(/[^a-z0-9]+/).filter(Boolean);
      if (words.length < 2) continue;
      for (const w of words) put({ word: w, tier: 2, isName: true, manufacturer: makerName(m.manufacturer) });
    }
    for (const m of names.manufacturers) {
      for (const w of foldCase(m.name).split(/[^a-z0-9]+/).filter(Boolean)) put({ word: w, tier: 2, isName: true, manufacturer: null });
    }
    for (const t of seen.values()) {
      const list = this.fuzzy.get(t.word[0]);
      if (list) list.push(t);
      else this.fuzzy.set(t.word[0], [t]);
    }
  }
}

/** A trim's words and runs of up to three of them, compact and as spelled (`Laramie/Longhorn` -> laramie, longhorn, laramielonghorn). */
function trimRuns(trim: string): { key: string; spelled: string }[] {
  const words = trim.replace(/\b[wW]\//g, ' ').split(/[\s/,+&()-]+/).filter((w) => compact(w) !== '');
  const runs = [{ key: compact(trim), spelled: trim }];
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j <= Math.min(words.length, i + 3); j++) {
      const spelled = words.slice(i, j).join(' ');
      runs.push({ key: compact(spelled), spelled });
    }
  }
  // a letter alone is a trim only as the whole trim (`S`; not the "a" of `A-Spec`)
  return runs.filter((r, i) => r.key.length >= (i === 0 ? 1 : 2));
}

/** How many query tokens a name may take when typed with spaces ("RAV4" -> "rav 4" = 2). */
function tokenPieces(name: string): number {
  return foldCase(name).split(/[^a-z0-9]+|(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])/).filter(Boolean).length;
}

const compiledCache = new WeakMap<SearchNames, CompiledSearchNames>();

export function compileSearchNames(names: SearchNames): CompiledSearchNames {
  let compiled = compiledCache.get(names);
  if (!compiled) {
    compiled = new CompiledSearchNames(names);
    compiledCache.set(names, compiled);
  }
  return compiled;
}
