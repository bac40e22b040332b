/**
 * A dealership's opening hours as its profile writes them (decisions.md section 8):
 * `opening[i]` and `closing[i]` pair by index, each `"<Day> HH:MM"` or `"<Day>-<Day> HH:MM"`
 * (24-hour, days `Mon` .. `Sun`, in the dealership's `time_zone`); a day no entry names is closed.
 * The dealership context checks entries when they are configured, the assistant reads them.
 */
export const WEEK_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export interface HoursEntry {
  from: WeekDay;
  to: WeekDay;
  /** "HH:MM". */
  time: string;
}

const ENTRY = /^\s*(Mon|Tue|Wed|Thu|Fri|Sat|Sun)(?:\s*-\s*(Mon|Tue|Wed|Thu|Fri|Sat|Sun))?\s+(\d{1,2}):(\d{2})\s*$/;
const FORMAT = 'must be "<Day> HH:MM" or "<Day>-<Day> HH:MM" (24-hour, days Mon..Sun)';

/** One entry, or why it is not one. */
function readEntry(text: string): HoursEntry | string {
  const m = ENTRY.exec(text);
  if (!m) return FORMAT;
  const hour = Number(m[3]);
  const minute = Number(m[4]);
  if (hour > 24 || minute > 59 || (hour === 24 && minute > 0)) return `${m[3]}:${m[4]} is not a time of day (00:00 to 24:00)`;
  const from = m[1] as WeekDay;
  const to = (m[2] ?? m[1]) as WeekDay;
  if (WEEK_DAYS.indexOf(to) < WEEK_DAYS.indexOf(from)) return `${from}-${to} runs backwards: days go Mon..Sun (write two entries for a range over Sunday)`;
  return { from, to, time: `${m[3].padStart(2, '0')}:${m[4]}` };
}

/** One entry, or null when it is not in the format, names no time of day, or runs its days backwards. */
export function parseHoursEntry(text: string): HoursEntry | null {
  const entry = readEntry(text);
  return typeof entry === 'string' ? null : entry;
}

/**
 * Why the paired lists cannot be read as opening hours, per field; empty when they can. A pair
 * names the same days, and closes after it opens.
 */
export function openingHoursProblems(opening: readonly string[], closing: readonly string[], path: string): { field: string; errors: string[] }[] {
  const problems: { field: string; errors: string[] }[] = [];
  const read = (name: 'opening' | 'closing', list: readonly string[]) => list.map((text, i) => {
    const entry = readEntry(text);
    if (typeof entry === 'string') problems.push({ field: `${path}.${name}[${i}]`, errors: [entry] });
    return typeof entry === 'string' ? null : entry;
  });
  const opens = read('opening', opening);
  const closes = read('closing', closing);
  if (opening.length !== closing.length) {
    problems.push({ field: `${path}.closing`, errors: [`must pair with opening by index: ${opening.length} opening, ${closing.length} closing`] });
  }
  opens.forEach((open, i) => {
    const close = closes[i];
    if (!open || !close) return;
    if (open.from !== close.from || open.to !== close.to) {
      problems.push({ field: `${path}.closing[${i}]`, errors: [`must name the days of opening[${i}] (${days(open)}), not ${days(close)}`] });
    } else if (close.time <= open.time) {
      problems.push({ field: `${path}.closing[${i}]`, errors: [`must be after opening[${i}] (${open.time})`] });
    }
  });
  return problems;
}

const days = (e: HoursEntry) => (e.from === e.to ? e.from : `${e.from}-${e.to}`);
