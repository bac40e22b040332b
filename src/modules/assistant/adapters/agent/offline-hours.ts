import { WallClock } from '../../../../../libs/common/time/clock';

/**
 * How the offline model says the dealership's opening hours (a dealership_info result): the week,
 * the days a question names, or the day the clock makes of "now", "today" and "tomorrow" (the
 * result's `now`, read in the dealership's zone). Every time it writes is copied from the result.
 */
type Result = Record<string, unknown>;
interface DayHours { day: string; open: string | null; close: string | null }

/** A day of the week as people write it ("Sat", "saturday", "Saturdays"): its three-letter name. */
const DAY_WORD = /\b(mon|tue|wed|thu|fri|sat|sun)(?:day|s|sday|nesday|rs|rsday|urday)?s?\b/gi;
const DAY_RANGE = new RegExp(`(?:between\\s+)?${DAY_WORD.source}\\s*(?:-|to|through|thru|until|till|and)\\s*${DAY_WORD.source}`, 'gi');
/** Words for several days. */
const DAY_GROUPS: readonly [RegExp, readonly string[]][] = [[/\bweekdays?\b/i, ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']], [/\bweekends?\b/i, ['Sat', 'Sun']]];

/** Days said against the clock, as people also write them in chats ("2day", "tonite", "tmrw"). */
const TODAY = /\b(today|2day|tonight|tonite|2nite|this\s+(morning|afternoon|evening))\b/i;
const TOMORROW = /\b(to?m+or+ow|tmrw?|tmrow|2mor+ow|2moro)\b/i;
const NOW = /\b(now|rn|currently|at the moment)\b/i;
/** "Still open?" asks about the present unless it names a day ("still open on Sundays?" asks about Sundays). */
const STILL_OPEN = /\bstill\s+open\b/i;
/** Coming to the dealership: "swing by", "stop in", "come over". */
const VISIT = /\b(swing|come|stop|drop|pop|head)\s+(by|in|over|down|round|around)\b/i;

/** Times of day: "6:30pm", "6 p.m.", "18:30", "noon"; an hour alone after "at", "around" and the like. */
const TWELVE_HOUR = /\b(1[0-2]|0?[1-9])(?::([0-5]\d))?\s*([ap])\.?m\b/i;
const COLON_TIME = /\b([01]?\d|2[0-3]):([0-5]\d)\b/;
const BARE_HOUR = /\b(?:at|around|about|by|before|after)\s+(1[0-2]|[1-9])\b(?![:.]?\d)/i;
const NOON = /\bnoon\b/i;
/** The part of the day a question names settles an hour written without am/pm ("tonight at 7"). */
const AFTERNOON = /\b(tonight|tonite|2nite|afternoon|evening)\b/i;
const MORNING = /\bmorning\b/i;
/** Asks when the day ends, not when it starts ("what time do you close", "how late"). */
const ASKS_CLOSING = /\b(clos(e|es|ing)|how late|until when|till when)\b/i;

const pad = (n: number) => String(n).padStart(2, '0');

/** The time of day a question names, as "HH:MM" (24-hour), or null when it names none or one that could be morning or evening. */
function clockTimeIn(q: string): string | null {
  const twelve = TWELVE_HOUR.exec(q);
  if (twelve) return `${pad((Number(twelve[1]) % 12) + (twelve[3].toLowerCase() === 'p' ? 12 : 0))}:${twelve[2] ?? '00'}`;
  if (NOON.test(q)) return '12:00';
  const colon = COLON_TIME.exec(q);
  const bare = colon ? null : BARE_HOUR.exec(q);
  const written = colon ?? bare;
  if (!written) return null;
  const hour = Number(written[1]);
  const minute = colon ? colon[2] : '00';
  // "08:30" and "18:30" are 24-hour; "6:30" is morning or evening as the question's part of the day says.
  if (written[1].startsWith('0') || hour === 0 || hour >= 12) return `${pad(hour)}:${minute}`;
  if (AFTERNOON.test(q)) return `${pad(hour + 12)}:${minute}`;
  return MORNING.test(q) ? `${pad(hour)}:${minute}` : null;
}

const namesTime = (q: string) => TWELVE_HOUR.test(q) || COLON_TIME.test(q) || BARE_HOUR.test(q) || NOON.test(q);
const namesWeekday = (q: string) => new RegExp(DAY_WORD.source, 'i').test(q) || DAY_GROUPS.some(([words]) => words.test(q));

/** A question about coming in at some day or time ("can I swing by Friday around 6:30pm?"): the hours answer it. */
export function asksToVisitAt(question: string): boolean {
  return VISIT.test(question) && (namesWeekday(question) || TODAY.test(question) || TOMORROW.test(question) || NOW.test(question) || namesTime(question));
}

/** The days of the week the question names, ranges ("Monday to Friday") and groups ("weekends") included. */
function namedDays(question: string, days: readonly string[]): Set<string> {
  const dayOf = (word: string) => word[0].toUpperCase() + word.slice(1).toLowerCase();
  const named = new Set([...question.matchAll(DAY_WORD)].map((m) => dayOf(m[1])));
  // A range ("Monday to Friday", "between Tuesday and Thursday", "Saturday to Monday") names the days between too.
  for (const m of question.matchAll(DAY_RANGE)) {
    const [from, to] = [days.indexOf(dayOf(m[1])), days.indexOf(dayOf(m[2]))];
    // "and" joins two days unless "between" makes them a range.
    if (from < 0 || to < 0 || (/\band\b/i.test(m[0]) && !/^between/i.test(m[0]))) continue;
    for (let d = from; d !== to; d = (d + 1) % days.length) named.add(days[d]);
    named.add(days[to]);
  }
  for (const [words, group] of DAY_GROUPS) if (words.test(question)) group.forEach((d) => named.add(d));
  return named;
}

const span = (h: DayHours) => (h.open ? `${h.open}-${h.close}` : 'closed');
/** Whether a time falls within a day's hours (closing time itself is past them). */
const verdict = (h: DayHours, at: string | null) =>
  at && h.open && h.close ? `, so ${at} is ${at >= h.open && at < h.close ? 'within' : 'outside'} our hours` : '';

/**
 * The week's hours, the days the question names ("Are you open on Sunday?"), or, when it asks
 * about now, today or tomorrow and the result has the clock, that day's; a time it names
 * ("Friday around 6:30pm") is said to be within the hours or not.
 */
export function sayHours(info: Result, question: string): string {
  const hours = (info.hours as DayHours[] | undefined) ?? [];
  if (!hours.some((h) => h.open)) return `${info.name as string} has not published its opening hours; please contact us to ask.`;
  const at = clockTimeIn(question);
  const days = hours.map((h) => h.day);
  const named = namedDays(question, days);
  const now = info.now as WallClock | undefined;
  // Without the clock (a result from before it was given) "today" is not known: the week's hours answer.
  const today = now ? hours.find((h) => h.day === now.day) : undefined;
  const asksNow = NOW.test(question) || (STILL_OPEN.test(question) && named.size === 0);
  const asksTomorrow = TOMORROW.test(question);
  // A time with no day is today's ("can I come by at 6pm?").
  const asksToday = !asksNow && (TODAY.test(question) || (at !== null && named.size === 0 && !asksTomorrow));
  if (!now || !today || (!asksNow && !asksToday && !asksTomorrow)) {
    const asked = hours.filter((h) => named.has(h.day));
    const lines = (asked.length ? asked : hours).map((h) => `${h.day}: ${span(h)}${asked.length ? verdict(h, at) : ''}`);
    return `Our hours${info.time_zone ? ` (${info.time_zone as string})` : ''}: ${lines.join('; ')}.`;
  }

  const tomorrow = hours[(days.indexOf(today.day) + 1) % days.length];
  const nextOpening = (after: DayHours) => {
    for (let i = 1; i <= days.length; i++) {
      const h = hours[(days.indexOf(after.day) + i) % days.length];
      if (h.open) return `we open ${h.day} at ${h.open}`;
    }
    return '';
  };
  // The time a question names is tomorrow's when it asks about tomorrow, else today's.
  const timeDay = asksTomorrow ? tomorrow : today;
  const timeOf = (h: DayHours) => (h === timeDay ? verdict(h, at) : '');
  const openOrClose = (h: DayHours) => (ASKS_CLOSING.test(question) ? `we close at ${h.close}` : `we're open ${span(h)}`);
  const sentences: string[] = [];
  if (asksNow || asksToday) {
    const lead = asksNow ? "We're closed right now: today" : 'Today';
    const day = `(${today.day})`;
    if (!today.open) sentences.push(`${lead} ${day} we're closed; ${nextOpening(today)}`);
    else if (now.time >= today.close!) sentences.push(`${lead} ${day} we closed at ${today.close}; ${nextOpening(today)}`);
    else if (!asksNow) sentences.push(`Today ${day} ${openOrClose(today)}${timeOf(today)}`);
    else if (now.time < today.open) sentences.push(`${lead} ${day} we open at ${today.open} and close at ${today.close}${timeOf(today)}`);
    else sentences.push(`Yes, we're open now: today ${day} we're open until ${today.close}${timeOf(today)}`);
  }
  if (asksTomorrow) {
    sentences.push(tomorrow.open ? `Tomorrow (${tomorrow.day}) ${openOrClose(tomorrow)}${timeOf(tomorrow)}` : `Tomorrow (${tomorrow.day}) we're closed; ${nextOpening(tomorrow)}`);
  }
  // Other days it names too ("today or Saturday?").
  const said = [asksNow || asksToday ? today : null, asksTomorrow ? tomorrow : null];
  const others = hours.filter((h) => named.has(h.day) && !said.includes(h));
  if (others.length) sentences.push(others.map((h) => `${h.day}: ${span(h)}${verdict(h, at)}`).join('; '));
  // The day was read in the dealership's zone; without one, in UTC, which may not be the dealership's day.
  sentences[0] += info.time_zone ? ` (${now.time_zone} time)` : ' (by UTC: our time zone is not on file)';
  return sentences.map((s) => `${s}.`).join(' ');
}
