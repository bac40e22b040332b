/**
 * The state of one parse, shared by its parts (condition-parser.ts, name-matcher.ts,
 * number-parser.ts): the tokens, the names, the items emitted so far, the sort, and the
 * negation and cue word in force.
 */
import type { SortKey } from '../../../../../libs/common/vehicle/car-attributes';
import { type Atom, cond, type Item, type LinkKind, makeAtom } from './atoms';
import { type BackgroundClause, noteBackgroundAtom, noteBackgroundLink } from './background-clause';
import type { CondSpec, CueAttribute } from './lexicon';
import type { CompiledSearchNames, NameHit } from './name-index';
import { compact, type Token } from './tokenizer';

export class ParseState {
  readonly items: Item[] = [];
  sort: SortKey | null = null;
  negActive = false;
  negAttr: string | null = null;
  /**
   * The negator has been followed by words of no meaning ("can't afford", "don't want to spend"):
   * it still governs a comparison that follows ("... more than 400": at most 400), nothing else.
   */
  negCmpOnly = false;
  cue: { attr: CueAttribute; end: number; atoms: number } | null = null;
  atomCount = 0;
  /** The background clause being read (background.ts), whose items are dropped if it describes the shopper's vehicle. */
  background: BackgroundClause | null = null;
  /** atomCount when the last background clause was dropped (-1: none, or it was kept). */
  backgroundEndAtoms = -1;
  /** Token index just after the last numeric condition (bounds the look-back for "lease"). */
  lastAtomEnd = 0;

  /** Tokens no condition, order or link used: a lone unknown `word`, or a `phrase` that was understood but not applied. */
  readonly unused = new Map<number, 'word' | 'phrase'>();
  /** The current step emitted a condition on an attribute the stock has no value for: its words are unused. */
  droppedInStep = false;

  constructor(
    readonly toks: Token[],
    readonly names: CompiledSearchNames,
    /** The clock's year in the dealership's time zone (age in words). */
    readonly currentYear: number = new Date().getFullYear(),
  ) {}

  prevAtom(): Atom | null {
    const last = this.items[this.items.length - 1];
    return last && last.t === 'atom' ? last.atom : null;
  }

  link(kind: LinkKind): void {
    this.items.push({ t: 'link', link: kind });
    if (this.background) noteBackgroundLink(this.background, kind);
    if (!this.negActive) return;
    // a negator that has not yet bound a condition reaches over "with" ("nothing with an
    // accident") and, for a comparison only, over other words ("can't afford more than 400");
    // its clause ends at a comma ("not too pricey, under 20k")
    const unbound = this.negAttr === null;
    if (kind === 'boundary' || (kind === 'comma' && unbound) || (!unbound && (kind === 'gap' || kind === 'with'))) this.endNegation();
    else if (kind === 'gap') this.negCmpOnly = true;
  }

  startNegation(): void {
    this.negActive = true;
    this.negAttr = null;
    this.negCmpOnly = false;
  }

  endNegation(): void {
    this.negActive = false;
    this.negAttr = null;
    this.negCmpOnly = false;
  }

  /** `comparison`: a number with a comparator ("more than 400", "20k or less"). */
  emit(atom: Atom, comparison = false): void {
    if (atom.conds.some((c) => !this.names.hasData(c.attribute))) {
      // "good on gas" where no car has an mpg figure: not applied, and said so (unused_terms)
      this.droppedInStep = true;
      return;
    }
    if (this.negCmpOnly && !comparison) this.endNegation();
    const prev = this.prevAtom();
    if (this.negActive && atom.nameKind === 'model' && prev && prev.neg && prev.nameKind === 'manufacturer' && this.negAttr === 'manufacturer') {
      // "not a Toyota Camry": not that model (of that manufacturer)
      this.items.pop();
      this.atomCount--;
      this.negAttr = null;
    }
    if (this.negActive) {
      if (this.negAttr === null || this.negAttr === atom.attr) {
        atom.neg = true;
        this.negAttr = atom.attr;
      } else this.endNegation();
    }
    this.items.push({ t: 'atom', atom });
    this.atomCount++;
    if (this.background) noteBackgroundAtom(this.background, atom);
  }

  /**
   * A name as an atom. A model word stands for its family (model-family.ts): the stocked models of
   * that family (`in` when several), else the model's own name; a trim word every stocked trim with
   * that word (name-index.ts trimsOf). `key`: the compact spelling matched.
   */
  emitName(hit: NameHit, key: string = compact(hit.name)): void {
    const family = hit.kind === 'model' ? this.names.familyOf(hit, key) : hit.kind === 'trim' ? this.names.trimsOf(key) : [];
    const c: CondSpec = family.length > 1 ? { attribute: hit.kind, comparator: 'in', value: [...family] } : cond(hit.kind, 'eq', family[0] ?? hit.name);
    this.emit(makeAtom(hit.kind, [c], { nameKind: hit.kind }));
  }
}
