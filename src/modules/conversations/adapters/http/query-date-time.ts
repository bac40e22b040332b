import { Transform } from 'class-transformer';

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+\- ]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * An ISO 8601 date or date-time as a Date, or null when it is not one (or names an impossible day).
 * Without an offset it is UTC. A date alone is the start of that day, or its last millisecond for
 * the upper bound of an inclusive range. A space where the offset's `+` belongs is read as `+`
 * (an unencoded `+` in a query string arrives as a space).
 */
export function parseIsoDateTime(text: string, bound: 'start' | 'end' = 'start'): Date | null {
  const m = ISO_8601.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, offset] = m;
  const year = Number(y), month = Number(mo), day = Number(d);
  const hour = Number(h ?? 0), minute = Number(mi ?? 0), second = Number(s ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0;
  let time = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  if (h === undefined && bound === 'end') time += 24 * 3600 * 1000 - 1;
  if (offset && offset.toUpperCase() !== 'Z') {
    const sign = offset[0] === '-' ? -1 : 1;
    const digits = offset.slice(1).replace(':', '');
    const offH = Number(digits.slice(0, 2)), offM = Number(digits.slice(2) || 0);
    if (offH > 14 || offM > 59) return null;
    time -= sign * (offH * 60 + offM) * 60 * 1000;
  }
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Query transform: a well-formed date-time becomes a Date; anything else stays as sent for the validator to refuse. */
export function QueryDateTime(bound: 'start' | 'end' = 'start'): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' ? (parseIsoDateTime(value, bound) ?? value) : value));
}
