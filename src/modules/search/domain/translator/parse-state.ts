/**
 * The state of one parse, shared by its parts (condition-parser.ts, name-matcher.ts,
 * number-parser.ts): the tokens, the names, the items emitted so far, the sort, and the
 * negation and cue word in force.
 */
import type { SortKey } from '../../../../../libs/common/vehicle/car-attributes';
import { type Atom, cond, type Item, type LinkKind, makeAtom } from './atoms';
import type { CondSpec, CueAttribute } from './lexicon';
import type { CompiledSearchNames, NameHit } from './name-index';
import { compact, type Token } from './tokenizer';

export class ParseState {
  readonly items: Item[] = [];
  sort: SortKey | null = null;
  negActive = false;
  negAttr: string | null = null;
  cue: { attr: CueAttribute; end: number; atoms: number } | null = null;
  atomCount = 0;
  /** Token index just after the last numeric condition (bounds the look-back for "lease"). */
  lastAtomEnd = 0;

  constructor(
    readonly toks: Token[],
    readonly names: CompiledSearchNames,
  ) {}

  prevAtom(): Atom | null {
    const last = this.items[this.items.length - 1];
    return last && last.t === 'atom' ? last.atom : null;
  }

  link(kind: LinkKind): void {
    this.items.push({ t: 'link', link: kind });
    if (kind === 'gap' || kind === 'boundary' || kind === 'with') {
      this.negActive = false;
      this.negAttr = null;
    }
  }

  emit(atom: Atom): void {
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
      } else {
        this.negActive = false;
        this.negAttr = null;
      }
    }
    this.items.push({ t: 'atom', atom });
    this.atomCount++;
  }

  /**
   * A name as an atom. A model word stands for its family (model-family.ts): the stocked models of
   * that family (`in` when several), else the model's own name. `key`: the compact spelling matched.
   */
  emitName(hit: NameHit, key: string = compact(hit.name)): void {
    const family = hit.kind === 'model' ? this.names.familyOf(hit, key) : [];
    const c: CondSpec = family.length > 1 ? { attribute: hit.kind, comparator: 'in', value: [...family] } : cond(hit.kind, 'eq', family[0] ?? hit.name);
    this.emit(makeAtom(hit.kind, [c], { nameKind: hit.kind }));
  }
}
