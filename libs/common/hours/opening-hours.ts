/**
 * A dealership's opening hours as its profile writes them (decisions.md section 8):
 * `opening[i]` and `closing[i]` pair by index, each `"<Day> HH:MM"` or `"<Day>-<Day> HH:MM"`
 * (24-hour, days `Mon` .. `Sun`, in the dealership's `time_zone`); a day no entry names is closed.
 * The dealership context checks entries when they are configured, the assistant reads them.
 */
const WEEK_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
type WeekDay = (typeof WEEK_DAYS)[number];

interface HoursEntry {
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
function parseHoursEntry(text: string): HoursEntry | null {
  const entry = readEntry(text);
  return typeof entry === 'string' ? null : entry;
}

/** A day's hours from a pair, or why the pair is not one: it names the same days, and closes after it opens. */
function readPair(open: HoursEntry, close: HoursEntry, i: number): { from: WeekDay; to: WeekDay; open: string; close: string } | string {
  if (open.from !== close.from || open.to !== close.to) return `must name the days of opening[${i}] (${days(open)}), not ${days(close)}`;
  if (close.time <= open.time) return `must be after opening[${i}] (${open.time})`;
  return { from: open.from, to: open.to, open: open.time, close: close.time };
}

export interface DayHours {
  day: WeekDay;
  /** null: closed. */
  open: string | null;
  close: string | null;
}

/**
 * Opening hours per day from the paired entries; a day no usable pair names is closed. Pairs a
 * profile stored before they were checked may break the rules: those are left out, not misread.
 */
export function weeklyHours(opening: readonly string[], closing: readonly string[]): DayHours[] {
  const week: DayHours[] = WEEK_DAYS.map((day) => ({ day, open: null, close: null }));
  for (const [i, text] of opening.entries()) {
    const open = parseHoursEntry(text);
    const close = parseHoursEntry(closing[i] ?? '');
    const pair = open && close ? readPair(open, close, i) : null;
    if (!pair || typeof pair === 'string') continue;
    for (let d = WEEK_DAYS.indexOf(pair.from); d <= WEEK_DAYS.indexOf(pair.to); d++) {
      week[d].open = pair.open;
      week[d].close = pair.close;
    }
  }
  return week;
}

/**
 * Why the paired lists cannot be read as opening hours, per field; empty when they can. A pair
 * names the same days and closes after it opens; a day has one pair (a day with a break is not
 * written here).
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
  const namedBy = new Map<WeekDay, number>();
  opens.forEach((open, i) => {
    const close = closes[i];
    if (!open) return;
    for (let d = WEEK_DAYS.indexOf(open.from); d <= WEEK_DAYS.indexOf(open.to); d++) {
      const earlier = namedBy.get(WEEK_DAYS[d]);
      if (earlier !== undefined) {
        problems.push({ field: `${path}.opening[${i}]`, errors: [`names ${WEEK_DAYS[d]}, which opening[${earlier}] names already: a day has one opening and one closing time`] });
        break;
      }
      namedBy.set(WEEK_DAYS[d], i);
    }
    const pair = close ? readPair(open, close, i) : null;
    if (typeof pair === 'string') problems.push({ field: `${path}.closing[${i}]`, errors: [pair] });
  });
  return problems;
}

const days = (e: HoursEntry) => (e.from === e.to ? e.from : `${e.from}-${e.to}`);
