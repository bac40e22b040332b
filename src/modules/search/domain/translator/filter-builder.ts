/**
 * The filter builder: atoms and links (atoms.ts) -> the filter expression.
 */
import { and, comparison, type Comparator, type FilterNode, not, or, type ScalarValue } from '../../../../../libs/common/vehicle/filter-expression';
import { type Atom, cond, type Item, type LinkKind, SINGLE_VALUED } from './atoms';
import type { CondSpec } from './lexicon';
import type { CompiledSearchNames } from './name-index';
import { compact } from './tokenizer';

type LinkBetween = LinkKind | 'adj';

const NEGATE: Partial<Record<Comparator, Comparator>> = {
  eq: 'ne', ne: 'eq', in: 'nin', nin: 'in', lt: 'gte', gte: 'lt', lte: 'gt', gt: 'lte',
};

function condNode(c: CondSpec): FilterNode {
  return comparison(c.comparator, c.attribute, c.value);
}

/** The nodes of an atom (several when it carries several conditions and is not negated). */
function atomNodes(atom: Atom): FilterNode[] {
  if (!atom.neg) return atom.conds.map(condNode);
  if (atom.negated) return atom.negated.map(condNode);
  if (atom.conds.length === 1) {
    const c = atom.conds[0];
    if (c.comparator === 'eq' && typeof c.value === 'boolean') return [comparison('eq', c.attribute, !c.value)];
    const flipped = NEGATE[c.comparator];
    if (flipped) return [comparison(flipped, c.attribute, c.value)];
    return [not(condNode(c))];
  }
  return [not(and(...atom.conds.map(condNode)))];
}

const isListable = (a: Atom): boolean =>
  a.conds.length === 1 && SINGLE_VALUED.has(a.conds[0].attribute) && (a.conds[0].comparator === 'eq' || a.conds[0].comparator === 'in') && !a.negated;

function listValues(a: Atom): ScalarValue[] {
  const v = a.conds[0].value;
  return typeof v === 'object' ? [...v] : [v];
}

const sameValue = (x: ScalarValue, y: ScalarValue): boolean =>
  typeof x === 'string' && typeof y === 'string' ? x.toLowerCase() === y.toLowerCase() : x === y;

/** b's values into a (same attribute): eq -> in. */
function mergeInto(a: Atom, b: Atom): Atom {
  const values = listValues(a);
  for (const v of listValues(b)) if (!values.some((x) => sameValue(x, v))) values.push(v);
  const attribute = a.conds[0].attribute;
  return {
    attr: a.attr,
    conds: [values.length === 1 ? cond(attribute, 'eq', values[0]) : { attribute, comparator: 'in', value: values }],
    neg: a.neg,
    numeric: false,
    nameKind: a.nameKind,
  };
}

interface OrGroup {
  readonly branches: Atom[][];
}

/**
 * Groups the parser items into the filter (root `and`): same-attribute values joined by
 * or/and/commas become `in` (`nin` when negated), an "or" between different attributes becomes an
 * `or` node (conditions at either end apply to every alternative), everything else is and-ed.
 */
export function buildFilter(items: readonly Item[], names: CompiledSearchNames): FilterNode {
  // 1. atoms and the link between each two consecutive atoms
  let atoms: Atom[] = [];
  let links: LinkBetween[] = []; // links[k]: between atoms[k-1] and atoms[k]
  let pending = new Set<LinkKind>();
  for (const item of items) {
    if (item.t === 'link') {
      pending.add(item.link);
      continue;
    }
    if (atoms.length > 0) {
      const l: LinkBetween = pending.has('or')
        ? 'or'
        : pending.has('boundary')
          ? 'boundary'
          : pending.has('gap')
            ? 'gap'
            : pending.has('comma')
              ? 'comma'
              : pending.has('with')
                ? 'with'
                : pending.has('and')
                  ? 'and'
                  : 'adj';
      links.push(l);
    } else links.push('adj');
    atoms.push(item.atom);
    pending = new Set();
  }
  if (atoms.length === 0) return and();

  // 2. same-attribute values next to each other: "Honda or Toyota", "red, white and blue", "not white or silver"
  {
    // the size of the run of adjacent atoms each atom is in: "a grey VW or a Subaru in red" names two cars
    const runSize: number[] = [];
    for (let k = 0, start = 0; k <= atoms.length; k++) {
      if (k === atoms.length || (k > 0 && links[k] !== 'adj')) {
        for (let j = start; j < k; j++) runSize[j] = k - start;
        start = k;
      }
    }
    const mergedAtoms: Atom[] = [atoms[0]];
    const mergedLinks: LinkBetween[] = [links[0]];
    for (let k = 1; k < atoms.length; k++) {
      const prev = mergedAtoms[mergedAtoms.length - 1];
      const cur = atoms[k];
      const l = links[k];
      const twoCars = l === 'or' && runSize[k - 1] > 1 && runSize[k] > 1;
      const joinable = !twoCars && (l === 'or' || l === 'comma' || l === 'and' || l === 'adj');
      if (joinable && isListable(prev) && isListable(cur) && prev.conds[0].attribute === cur.conds[0].attribute && prev.neg === cur.neg) {
        // two models side by side name one car ("Golf GTI"): the later, more specific one
        const specific = l === 'adj' && prev.nameKind === 'model' && cur.nameKind === 'model' && prev.conds[0].comparator === 'eq';
        mergedAtoms[mergedAtoms.length - 1] = specific ? cur : mergeInto(prev, cur);
        continue;
      }
      mergedAtoms.push(cur);
      mergedLinks.push(l);
    }
    atoms = mergedAtoms;
    links = mergedLinks;
  }

  // "not white or silver", "without navigation or sunroof": neither, so "and"
  for (let k = 1; k < atoms.length; k++) if (links[k] === 'or' && atoms[k - 1].neg && atoms[k].neg) links[k] = 'and';

  // 3. runs of adjacent atoms; runs joined by "or" form an or-group
  const runs: { atoms: Atom[]; linkBefore: LinkBetween }[] = [];
  atoms.forEach((a, k) => {
    if (k > 0 && links[k] === 'adj') runs[runs.length - 1].atoms.push(a);
    else runs.push({ atoms: [a], linkBefore: k === 0 ? 'adj' : links[k] });
  });
  // "Dodge Challenger, Audi Q7 or VW GTI": cars listed with commas before an "or" are alternatives too
  for (let r = 0; r < runs.length; ) {
    let end = r + 1;
    while (end < runs.length && (runs[end].linkBefore === 'comma' || runs[end].linkBefore === 'or')) end++;
    const list = runs.slice(r, end);
    if (list.some((x) => x.linkBefore === 'or') && list.every((x) => x.atoms.some((a) => a.nameKind && !a.neg))) {
      for (const x of list.slice(1)) x.linkBefore = 'or';
    }
    r = end;
  }
  const units: (Atom | OrGroup)[] = [];
  for (let r = 0; r < runs.length; ) {
    let end = r + 1;
    while (end < runs.length && runs[end].linkBefore === 'or') end++;
    if (end - r === 1) {
      units.push(...runs[r].atoms);
      r = end;
      continue;
    }
    const chain = runs.slice(r, end).map((x) => [...x.atoms]);
    const shared: Atom[] = [];
    // a car described on each side keeps its own conditions ("a 4x4 F-150 or a white Explorer",
    // "a 2018 Jeep or an Outback over 24k"): nothing at the ends is shared
    const described = chain.filter((branch) => branch.some((a) => !a.nameKind) && branch.some((a) => a.nameKind)).length;
    if (described < 2) {
      // a bound at either end applies to every alternative unless each has its own
      // ("Civic or Corolla under 20k" vs "SUV under 30k or truck under 40k")
      if (!chain.every((branch) => branch.some((a) => a.numeric))) {
        const firstBranch = chain[0];
        while (firstBranch.length > 1 && firstBranch[0].numeric) shared.push(firstBranch.shift() as Atom);
        const lastBranch = chain[chain.length - 1];
        while (lastBranch.length > 1 && lastBranch[lastBranch.length - 1].numeric) shared.push(lastBranch.pop() as Atom);
      }
      // so does a condition at either end whose attribute no other alternative mentions
      // ("used Honda Civic or Toyota Corolla", "Wrangler or Bronco 4x4")
      const mentionedElsewhere = (atom: Atom, branchIndex: number): boolean =>
        chain.some((b, bi) => bi !== branchIndex && b.some((x) => x.attr === atom.attr));
      // a manufacturer right before its model names that car only ("Toyota Corolla or Crosstrek")
      const makerOfNext = (branch: Atom[]): boolean => branch[0].nameKind === 'manufacturer' && branch[1]?.nameKind === 'model';
      while (chain[0].length > 1 && !mentionedElsewhere(chain[0][0], 0) && !makerOfNext(chain[0])) shared.push(chain[0].shift() as Atom);
      const lastIndex = chain.length - 1;
      while (chain[lastIndex].length > 1 && !mentionedElsewhere(chain[lastIndex][chain[lastIndex].length - 1], lastIndex)) {
        shared.push(chain[lastIndex].pop() as Atom);
      }
    }
    if (!chain.every((branch) => branch.length >= 2)) {
      // the atoms next to each "or" are the alternatives; the rest apply to all of them
      const belongs = (x: Atom, anchor: Atom): boolean =>
        !!anchor.nameKind && !!x.nameKind && x.nameKind !== anchor.nameKind && !x.neg && !anchor.neg;
      const allNumeric = chain.every((branch) => branch.some((a) => a.numeric));
      chain.forEach((branch, bi) => {
        if (branch.length < 2) return;
        const keep: Atom[] = [];
        const anchorIndex = bi === 0 ? branch.length - 1 : 0;
        const anchor = branch[anchorIndex];
        branch.forEach((a, ai) => {
          if (ai === anchorIndex || belongs(a, anchor) || (allNumeric && a.numeric)) keep.push(a);
          else shared.push(a);
        });
        chain[bi] = keep;
      });
    }
    units.push({ branches: chain });
    units.push(...shared);
    r = end;
  }

  // 4. remaining same-attribute values anywhere at the top level: in
  const top: (Atom | OrGroup)[] = [];
  for (const u of units) {
    if ('branches' in u) {
      top.push(u);
      continue;
    }
    if (isListable(u) && !u.neg) {
      const idx = top.findIndex((x) => !('branches' in x) && isListable(x) && !x.neg && x.conds[0].attribute === u.conds[0].attribute);
      if (idx >= 0) {
        top[idx] = mergeInto(top[idx] as Atom, u);
        continue;
      }
    }
    top.push(u);
  }

  // 5. a model implies its manufacturer: drop a manufacturer that contradicts the models named
  relaxManufacturer(top, names);

  const args: FilterNode[] = [];
  const seen = new Set<string>();
  const push = (n: FilterNode): void => {
    const key = JSON.stringify(n);
    if (seen.has(key)) return;
    seen.add(key);
    args.push(n);
  };
  for (const u of top) {
    if ('branches' in u) {
      const branches = u.branches
        .filter((b) => b.length > 0)
        .map((b) => {
          const nodes = b.flatMap(atomNodes);
          return nodes.length === 1 ? nodes[0] : and(...nodes);
        });
      if (branches.length === 1) {
        const only = branches[0];
        if (only.kind === 'operation' && only.operator === 'and') only.arguments.forEach(push);
        else push(only);
      } else if (branches.length > 1) push(or(...branches));
      continue;
    }
    atomNodes(u).forEach(push);
  }
  return and(...args);
}

function relaxManufacturer(top: (Atom | OrGroup)[], names: CompiledSearchNames): void {
  const makerIdx = top.findIndex((u) => !('branches' in u) && u.nameKind === 'manufacturer' && !u.neg && isListable(u));
  const model = top.find((u): u is Atom => !('branches' in u) && u.nameKind === 'model' && !u.neg && isListable(u));
  if (makerIdx < 0 || !model) return;
  const makers = listValues(top[makerIdx] as Atom).map((v) => String(v).toLowerCase());
  const conflict = listValues(model).some((m) => {
    const owners = names.modelMakers.get(compact(String(m)));
    return owners !== undefined && ![...owners].some((o) => makers.includes(o.toLowerCase()));
  });
  if (conflict) top.splice(makerIdx, 1);
}
