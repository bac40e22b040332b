/** What time it is: a port, so code that reads the clock can be run at a chosen instant (tests, demos). */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** Always the same instant (ASSISTANT_FIXED_TIME). */
export class FixedClock extends Clock {
  constructor(private readonly instant: Date) {
    super();
  }

  now(): Date {
    return new Date(this.instant.getTime());
  }
}

/** An instant as a wall clock in a time zone shows it: the day as opening hours name it ('Mon'..'Sun'), the date and the 24-hour time. */
export interface WallClock {
  day: string;
  /** YYYY-MM-DD. */
  date: string;
  /** HH:MM. */
  time: string;
  /** The zone it was read in: the one asked for, or UTC when none was given or it is no zone. */
  time_zone: string;
}

/** Formatters by zone, made once: building one costs more than a run's other reads of the clock together. */
const FORMATTERS = new Map<string, Intl.DateTimeFormat | null>();
/** Zones kept (there are some 400 IANA zones; a bound all the same, since the zone comes from stored profiles). */
const MAX_FORMATTERS = 1000;

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  if (FORMATTERS.has(timeZone)) return FORMATTERS.get(timeZone)!;
  let formatter: Intl.DateTimeFormat | null;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    });
  } catch {
    // A zone stored before zones were checked: read in UTC, and say so.
    formatter = null;
  }
  if (FORMATTERS.size < MAX_FORMATTERS) FORMATTERS.set(timeZone, formatter);
  return formatter;
}

export function wallClock(at: Date, timeZone: string): WallClock {
  const inZone = timeZone ? formatterFor(timeZone) : null;
  const parts = Object.fromEntries((inZone ?? formatterFor('UTC')!).formatToParts(at).map((p) => [p.type, p.value]));
  return { day: parts.weekday, date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, time_zone: inZone ? timeZone : 'UTC' };
}
