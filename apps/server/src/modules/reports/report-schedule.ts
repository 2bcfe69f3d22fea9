import { instantOfWallTime, type ReportFrequency, wallTimeAt } from '@vitrina/contract';

/** A period a scheduled report covers (local calendar days, both included) and when it is due. */
export type ReportPeriod = { start: string; end: string; dueAt: Date };

const DAY_MS = 86_400_000;

/** A calendar date `days` after (or before) `date`, as `YYYY-MM-DD`. */
function shift(date: { year: number; month: number; day: number }, days: number): string {
  return new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS).toISOString().slice(0, 10);
}

function wallOf(day: string, hour: number) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: date, hour, minute: 0 };
}

/**
 * The latest period of a schedule that is due at `now`, on the clock of `timeZone`: a daily
 * report is due at `hour` for the day before; a weekly one on Monday at `hour` for the week
 * (Monday to Sunday) before. Only the latest: a server that was down for days sends the last
 * period once, not every period it missed.
 */
export function latestDuePeriod(
  schedule: { frequency: ReportFrequency; timeZone: string; hour: number },
  now: Date,
): ReportPeriod {
  const wall = wallTimeAt(now, schedule.timeZone);
  const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  // The day the report goes out on: today, or the Monday of this week.
  const back = schedule.frequency === 'daily' ? 0 : (weekday + 6) % 7;
  const step = schedule.frequency === 'daily' ? 1 : 7;
  let sendDay = shift(wall, -back);
  let dueAt = instantOfWallTime(wallOf(sendDay, schedule.hour), schedule.timeZone);
  if (dueAt.getTime() > now.getTime()) {
    sendDay = shift(wallOf(sendDay, 0), -step);
    dueAt = instantOfWallTime(wallOf(sendDay, schedule.hour), schedule.timeZone);
  }
  const sendDate = wallOf(sendDay, 0);
  return { start: shift(sendDate, -step), end: shift(sendDate, -1), dueAt };
}
