import type { Currency } from './locales.js';

/**
 * An organisation's clock (IANA time zone): schedules and monthly limits are read in it.
 * A new organisation starts in the zone its currency suggests; the operator may change it.
 */
export const DEFAULT_TIME_ZONE: Record<Currency, string> = {
  UAH: 'Europe/Kyiv',
  PLN: 'Europe/Warsaw',
  EUR: 'Europe/Rome',
};

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows `value` as an IANA time zone. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    formatOf(value);
    return true;
  } catch {
    return false;
  }
}

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The wall clock in `timeZone` at `instant`. */
export function wallTimeAt(instant: Date, timeZone: string): WallTime {
  const parts = formatOf(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The ISO day of the week (1 Monday … 7 Sunday) the wall clock in `timeZone` shows at `instant`. */
export function isoWeekdayIn(instant: Date, timeZone: string): number {
  const wall = wallTimeAt(instant, timeZone);
  const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instantMs: number, timeZone: string): number {
  const wall = wallTimeAt(new Date(instantMs), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant a wall clock in `timeZone` shows the given time, disambiguated as Temporal's
 * `compatible` does: a time repeated by the autumn change is its first pass; a time skipped by
 * the spring change moves forward by the gap (02:30 in a 02:00–03:00 gap is 03:30).
 */
export function instantOfWallTime(wall: Omit<WallTime, 'second'> & { second?: number }, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0);
  const before = offsetAt(asUtc - 86_400_000, timeZone);
  const after = offsetAt(asUtc + 86_400_000, timeZone);
  const valid = [asUtc - before, asUtc - after].filter((instant) => asUtc - offsetAt(instant, timeZone) === instant);
  return new Date(valid.length > 0 ? Math.min(...valid) : asUtc - before);
}

/** `YYYY-MM-DDTHH:mm` (a `datetime-local` value) read in `timeZone`; null when malformed. */
export function parseWallTime(text: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  return instantOfWallTime({ year, month, day, hour, minute }, timeZone);
}

/** `YYYY-MM-DDTHH:mm` as the wall clock in `timeZone` shows `instant` (for a `datetime-local` field). */
export function formatWallTime(instant: Date, timeZone: string): string {
  const wall = wallTimeAt(instant, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The first instant of the calendar month that `instant` falls in, on the clock of `timeZone`. */
export function monthStartIn(instant: Date, timeZone: string): Date {
  const wall = wallTimeAt(instant, timeZone);
  return instantOfWallTime({ year: wall.year, month: wall.month, day: 1, hour: 0, minute: 0 }, timeZone);
}
