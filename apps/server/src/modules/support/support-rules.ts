import type { SupportStatus } from '@vitrina/contract';

export type StatusEvent = { status: SupportStatus; atMs: number };

/**
 * Milliseconds spent in each status: from each event to the next, and from the last to
 * `nowMs` while it is still current (an archived one stops counting where it ended).
 */
export function stateDurations(events: readonly StatusEvent[], nowMs: number): Partial<Record<SupportStatus, number>> {
  const durations: Partial<Record<SupportStatus, number>> = {};
  events.forEach((event, index) => {
    const next = events[index + 1];
    const isArchived = event.status !== 'new' && event.status !== 'in_work';
    const endMs = next ? next.atMs : isArchived ? event.atMs : nowMs;
    durations[event.status] = (durations[event.status] ?? 0) + Math.max(0, endMs - event.atMs);
  });
  return durations;
}
