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

/** One entry, or null when it is not in the format (or names no time of day, or runs a range backwards). */
export function parseHoursEntry(text: string): HoursEntry | null {
  const m = ENTRY.exec(text);
  if (!m) return null;
  const hour = Number(m[3]);
  const minute = Number(m[4]);
  const from = m[1] as WeekDay;
  const to = (m[2] ?? m[1]) as WeekDay;
  if (hour > 24 || minute > 59 || (hour === 24 && minute > 0) || WEEK_DAYS.indexOf(to) < WEEK_DAYS.indexOf(from)) return null;
  return { from, to, time: `${m[3].padStart(2, '0')}:${m[4]}` };
}

/** Why the paired lists cannot be read as opening hours, per field; empty when they can. */
export function openingHoursProblems(opening: readonly string[], closing: readonly string[], path: string): { field: string; errors: string[] }[] {
  const problems: { field: string; errors: string[] }[] = [];
  const format = 'must be "<Day> HH:MM" or "<Day>-<Day> HH:MM" (24-hour, days Mon..Sun)';
  for (const [name, list] of [['opening', opening], ['closing', closing]] as const) {
    for (const [i, entry] of list.entries()) if (!parseHoursEntry(entry)) problems.push({ field: `${path}.${name}[${i}]`, errors: [format] });
  }
  if (opening.length !== closing.length) problems.push({ field: `${path}.closing`, errors: [`must pair with opening by index: ${opening.length} opening, ${closing.length} closing`] });
  return problems;
}
