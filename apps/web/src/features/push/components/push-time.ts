import { formatWallTime } from '@vitrina/contract';

/** An instant as the organisation's wall clock shows it, with the zone named: `2026-01-15 18:30 (Europe/Kyiv)`. */
export function formatOnOrgClock(instant: string, timeZone: string): string {
  return `${formatWallTime(new Date(instant), timeZone).replace('T', ' ')} (${timeZone})`;
}
