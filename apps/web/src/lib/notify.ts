import type { ReactNode } from 'react';

type Level = 'success' | 'error';
type Notice = { level: Level; content: ReactNode; durationS?: number };
export type ShowNotice = (notice: Notice) => void;

/** The toasts the panel shows: `getMessage().error(text, seconds)`, like Ant Design's message. */
export type Notifier = Record<Level, (content: ReactNode, durationS?: number) => void>;

/*
 * The api client lives outside React, yet its toasts must use the themed context. The
 * providers mount a message host (Ant Design's message, its notification list and motion)
 * only when the first toast is asked for, as most page loads show none; until it is there,
 * toasts wait here, in order.
 */
let show: ShowNotice | null = null;
let waiting: Notice[] = [];
let mountHost: (() => void) | null = null;

function enqueue(notice: Notice): void {
  if (show) {
    show(notice);
    return;
  }
  waiting.push(notice);
  mountHost?.();
}

const notifier: Notifier = {
  success: (content, durationS) => enqueue({ level: 'success', content, durationS }),
  error: (content, durationS) => enqueue({ level: 'error', content, durationS }),
};

export function getMessage(): Notifier {
  return notifier;
}

/** The providers say how to mount the host; a toast asked for earlier mounts it at once. */
export function onMessageHostNeeded(mount: () => void): () => void {
  mountHost = mount;
  if (waiting.length > 0) mount();
  return () => {
    if (mountHost === mount) mountHost = null;
  };
}

/** The mounted host shows the toasts that waited, then every next one at once. */
export function attachMessageHost(next: ShowNotice): () => void {
  show = next;
  const pending = waiting;
  waiting = [];
  for (const notice of pending) next(notice);
  return () => {
    if (show === next) show = null;
  };
}
