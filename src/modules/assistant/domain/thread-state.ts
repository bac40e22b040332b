import { vinsIn } from './grounding';
import { isObject } from './tool-data';

/**
 * What a thread's follow-ups refer to ("what about silver?", "the second one", "and over 60
 * months?", "how many of those are SMS?"): kept with the thread after each answered run, read by
 * the next one. Written from the run's tool calls and its reply only, so it holds nothing a tool
 * did not return.
 */
export interface ThreadState {
  /** The last search: its queries, oldest first (a refined search keeps those it refined), and the cars it returned, in order. */
  search: { queries: string[]; vins: string[] } | null;
  /** The car talked about: the one car the last reply named, or the last one looked up. */
  focus: string | null;
  /** The cars the last reply named when it named several: "it" is then any of them. */
  listed: string[];
  /** The last estimate: its calculator and what it was computed for. */
  estimate: { tool: 'finance_estimate' | 'lease_estimate'; vin: string | null; price: number | null; downPayment: number | null; termMonths: number | null } | null;
  /** The filter of the last conversation count. */
  statistics: Record<string, unknown> | null;
  /** The question the last reply answered with a question ("which one do you mean: ...?"): the next message may pick the car for it. */
  pending: string | null;
}

export const EMPTY_THREAD_STATE: ThreadState = { search: null, focus: null, listed: [], estimate: null, statistics: null, pending: null };

/** A refined search keeps at most this many queries: a long thread of refinements still translates in bounded work. */
const MAX_QUERIES = 5;
/** Text kept of a question or a query: the state stays far under a MySQL TEXT column (64 KB) whatever was asked. */
const MAX_TEXT = 1000;

export interface ToolCall {
  name: string;
  args: Record<string, unknown>;
  result: unknown;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The state after a run asked `question`, made `calls` and replied `reply` (grounded: every VIN in it a returned car). */
export function nextThreadState(earlier: ThreadState, question: string, calls: readonly ToolCall[], reply: string): ThreadState {
  const state: ThreadState = { ...earlier, listed: [], pending: null };
  let searched = false;
  for (const { name, args, result } of calls) {
    if (!isObject(result) || typeof result.error === 'string') continue;
    // The run's first search that understood its query is the one a follow-up refines: one that understood nothing
    // ("thanks!") or served another (a price range's cheapest, a car found again) leaves it.
    if (name === 'search_inventory' && Array.isArray(result.cars) && result.understood !== false && !searched) {
      searched = true;
      const within = Array.isArray(result.within) ? result.within.filter((q): q is string => typeof q === 'string') : [];
      state.search = {
        queries: [...within, String(result.query ?? args.query ?? '')].slice(-MAX_QUERIES).map((q) => q.slice(0, MAX_TEXT)),
        vins: result.cars.filter(isObject).map((c) => String(c.vin)),
      };
    } else if (name === 'get_vehicle' && typeof result.vin === 'string' && result.found !== false) {
      state.focus = result.vin;
    } else if (name === 'finance_estimate' || name === 'lease_estimate') {
      const vehicle = isObject(result.vehicle) ? result.vehicle : null;
      state.estimate = {
        tool: name, vin: typeof vehicle?.vin === 'string' ? vehicle.vin : null, price: vehicle ? null : num(result.price),
        downPayment: num(args.down_payment), termMonths: num(args.term_months),
      };
      if (state.estimate.vin) state.focus = state.estimate.vin;
    } else if (name === 'conversation_statistics') {
      state.statistics = Object.fromEntries(Object.entries(args).filter(([k]) => k !== 'days'));
    }
  }
  const named = vinsIn(reply);
  if (named.length === 1) state.focus = named[0];
  else if (named.length > 1) {
    state.focus = null;
    state.listed = named;
    // A reply naming several cars and ending on a question asked which one the question meant.
    if (/\?\s*$/.test(reply)) state.pending = question.slice(0, MAX_TEXT);
  }
  return state;
}

/** A stored state as read back (older rows have none; a field a newer version wrote and this one does not know is dropped). */
export function threadStateFrom(stored: unknown): ThreadState {
  if (!isObject(stored)) return EMPTY_THREAD_STATE;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const search = isObject(stored.search) ? { queries: strings(stored.search.queries), vins: strings(stored.search.vins) } : null;
  const e = isObject(stored.estimate) && (stored.estimate.tool === 'finance_estimate' || stored.estimate.tool === 'lease_estimate') ? stored.estimate : null;
  return {
    search,
    focus: typeof stored.focus === 'string' ? stored.focus : null,
    listed: strings(stored.listed),
    estimate: e ? {
      tool: e.tool as 'finance_estimate' | 'lease_estimate', vin: typeof e.vin === 'string' ? e.vin : null,
      price: num(e.price), downPayment: num(e.downPayment), termMonths: num(e.termMonths),
    } : null,
    statistics: isObject(stored.statistics) ? stored.statistics : null,
    pending: typeof stored.pending === 'string' ? stored.pending : null,
  };
}
