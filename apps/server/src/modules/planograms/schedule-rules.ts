import type { PlanogramScheduleStatus } from '@vitrina/contract';
import { SCHEDULE_STATUS } from '@vitrina/contract';

export type ScheduleSpan = { dateFrom: string; dateTo: string };
export type ScheduleState = ScheduleSpan & { status: PlanogramScheduleStatus };

/** `YYYY-MM-DD` of an instant in UTC: schedules run by whole UTC days, both ends included. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Two day ranges share at least one day. */
export const overlaps = (a: ScheduleSpan, b: ScheduleSpan) => a.dateFrom <= b.dateTo && b.dateFrom <= a.dateTo;

/** Queued and active schedules are the ones a new schedule may collide with; completed and cancelled ones are history. */
export const isOpen = (status: PlanogramScheduleStatus) =>
  status === SCHEDULE_STATUS.active || status === SCHEDULE_STATUS.queued;

/**
 * What the schedule job does with a schedule today: a queued one whose first day has come
 * starts (its template becomes the micromarket's layout), unless its last day has passed
 * too, when it completes without ever applying; an active one past its last day completes.
 */
export function scheduleStep(schedule: ScheduleState, today: string): 'start' | 'complete' | null {
  if (schedule.status === SCHEDULE_STATUS.queued) {
    if (schedule.dateTo < today) return 'complete';
    return schedule.dateFrom <= today ? 'start' : null;
  }
  if (schedule.status === SCHEDULE_STATUS.active && schedule.dateTo < today) return 'complete';
  return null;
}
