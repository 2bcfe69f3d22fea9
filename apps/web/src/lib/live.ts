import { useQueryClient } from '@tanstack/react-query';
import type { LiveTopic, TLiveEvent } from '@vitrina/contract';
import { useEffect, useRef } from 'react';
import { invalidateAreas } from './endpoint-query';
import { type LiveHandler, liveStream } from './live-stream';

/** Calls `handler` for every live event of `topic` (and with `null` when the screen should refetch). */
export function useLiveEvents(topic: LiveTopic, handler: LiveHandler): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => liveStream.subscribe(topic, (event) => latest.current(event)), [topic]);
}

/** At most one refetch per this period, however many events arrive (a busy fleet sends many). */
export const LIVE_REFETCH_MS = 1_000;

/**
 * Refetches the given areas when `topic` reports a change the screen cares about
 * (`accept`, e.g. "this micromarket"), throttled so a busy fleet cannot flood the server.
 */
export function useLiveRefetch(
  topic: LiveTopic,
  areas: readonly string[],
  accept: (event: TLiveEvent) => boolean = () => true,
  /** A conversation on screen, whose events are few and awaited, refetches sooner. */
  delayMs = LIVE_REFETCH_MS,
): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const acceptRef = useRef(accept);
  acceptRef.current = accept;
  const key = areas.join(',');
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useLiveEvents(topic, (event) => {
    if (event && !acceptRef.current(event)) return;
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void invalidateAreas(queryClient, key.split(','));
    }, delayMs);
  });
}
