/**
 * A background clause being read (background.ts): where its items begin and what has been seen
 * in it so far, updated by the parse state as atoms and links are emitted.
 */
import type { Atom, LinkKind } from './atoms';

/** After "trade"/"replace", "for"/"with a" introduces the wish ("trading my Civic for a RAV4"); after "upgrading from", "to". */
export type Swap = 'trade' | 'from' | null;

export interface BackgroundClause {
  /** Index in ParseState.items where the clause's items begin. */
  readonly startItem: number;
  /** Known to be about the shopper's vehicle (a possessive before a vehicle, or "it" after one). */
  readonly sure: boolean;
  readonly swap: Swap;
  vehicleSeen: boolean;
  /** Something other than a description of a vehicle came before the vehicle. */
  broken: boolean;
  /** The clause turned out to be a wish ("I have a Civic in mind"). */
  wish: boolean;
}

/** What a vehicle may carry before it in its clause: descriptions, not requirements. */
const DESCRIPTIVE = new Set(['year', 'color', 'condition', 'certified', 'transmission', 'drive_train', 'fuel_type', 'trim', 'kilometers']);

const isVehicleAtom = (a: Atom): boolean => a.nameKind === 'manufacturer' || a.nameKind === 'model' || a.attr === 'type';

/** Notes an atom of the open clause: the vehicle, or what came before it ("a budget of 30k" breaks it). */
export function noteBackgroundAtom(bg: BackgroundClause, atom: Atom): void {
  if (bg.vehicleSeen) return;
  if (isVehicleAtom(atom)) bg.vehicleSeen = true;
  else if (!DESCRIPTIVE.has(atom.attr)) bg.broken = true;
}

/** Notes a link of the open clause: a word of no meaning or "with" before the vehicle breaks it ("I have a question about ..."). */
export function noteBackgroundLink(bg: BackgroundClause, kind: LinkKind): void {
  if (!bg.vehicleSeen && (kind === 'gap' || kind === 'with')) bg.broken = true;
}

/** Whether the clause's items are to be dropped: it is about the shopper's vehicle. */
export const describesBackground = (bg: BackgroundClause): boolean => !bg.wish && (bg.sure || (bg.vehicleSeen && !bg.broken));
