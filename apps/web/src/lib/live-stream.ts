import { type api, LIVE_RESYNC, type LiveTopic, type TLiveEvent } from '@vitrina/contract';
import type { EndpointAddress } from './api-client';
import { getLocaleCookie, getToken } from './cookies';

/** By address, so screens on the first download (the dashboard) can follow events without zod. */
const EVENTS: EndpointAddress<typeof api.live.events> = { method: 'GET', path: '/v1/live/events', tag: 'live' };

/** What a subscriber hears: an event of its topic, or `null` when events may have been lost. */
export type LiveHandler = (event: TLiveEvent | null) => void;

export type SseFrame = { event: string; data: string };

/**
 * Splits a server-sent event stream into frames. Returns the complete frames and the rest
 * of the text, to be prefixed to the next chunk. Comment lines (heartbeats) are skipped.
 */
export function parseFrames(text: string): { frames: SseFrame[]; rest: string } {
  const frames: SseFrame[] = [];
  const blocks = text.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) frames.push({ event, data: data.join('\n') });
  }
  return { frames, rest };
}

const RETRY_FIRST_MS = 1_000;
const RETRY_LAST_MS = 30_000;
/** The stream stays open this long after its last subscriber leaves (tab switches). */
const IDLE_CLOSE_MS = 5_000;

/**
 * The panel's one live connection per browser tab (DESIGN §8). It is opened by the first
 * subscriber, follows every topic the user may see, reconnects with back-off, and tells
 * subscribers to refetch (`null`) after a reconnect, since events sent meanwhile are lost.
 * It uses fetch rather than EventSource so the session travels in the Authorization header.
 */
class LiveStream {
  readonly #handlers = new Map<LiveTopic, Set<LiveHandler>>();
  #controller: AbortController | null = null;
  #retryMs = RETRY_FIRST_MS;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #idleTimer: ReturnType<typeof setTimeout> | null = null;
  #hasConnected = false;

  subscribe(topic: LiveTopic, handler: LiveHandler): () => void {
    let set = this.#handlers.get(topic);
    if (!set) {
      set = new Set();
      this.#handlers.set(topic, set);
    }
    set.add(handler);
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
    if (!this.#controller && !this.#retryTimer) void this.#connect();
    return () => {
      set.delete(handler);
      if (this.#size() === 0) this.#idleTimer = setTimeout(() => this.#close(), IDLE_CLOSE_MS);
    };
  }

  #size(): number {
    let size = 0;
    for (const set of this.#handlers.values()) size += set.size;
    return size;
  }

  #emit(topic: LiveTopic | null, event: TLiveEvent | null): void {
    const targets = topic ? [this.#handlers.get(topic) ?? new Set<LiveHandler>()] : [...this.#handlers.values()];
    for (const set of targets) for (const handler of set) handler(event);
  }

  #close(): void {
    this.#controller?.abort();
    this.#controller = null;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    this.#hasConnected = false;
  }

  #scheduleRetry(): void {
    if (this.#size() === 0 || this.#retryTimer) return;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      void this.#connect();
    }, this.#retryMs);
    this.#retryMs = Math.min(this.#retryMs * 2, RETRY_LAST_MS);
  }

  async #connect(): Promise<void> {
    const token = getToken();
    if (!token) return;
    const controller = new AbortController();
    this.#controller = controller;
    try {
      const response = await fetch(EVENTS.path, {
        headers: { Authorization: `Bearer ${token}`, Lang: getLocaleCookie(), Accept: 'text/event-stream' },
        signal: controller.signal,
      });
      // Signed out (the next ordinary call runs the usual 401 flow) or refused: no retry loop.
      if (response.status === 401 || response.status === 403 || !response.body) return;
      if (!response.ok) throw new Error(String(response.status));
      if (this.#hasConnected) this.#emit(null, null);
      this.#hasConnected = true;
      this.#retryMs = RETRY_FIRST_MS;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const { frames, rest } = parseFrames(buffer + value);
        buffer = rest;
        for (const frame of frames) {
          if (frame.event === 'unauthorized') return;
          if (frame.event === LIVE_RESYNC) this.#emit(null, null);
          else if (this.#handlers.has(frame.event as LiveTopic))
            this.#emit(frame.event as LiveTopic, JSON.parse(frame.data) as TLiveEvent);
        }
      }
    } catch {
      if (controller.signal.aborted) return;
    } finally {
      if (this.#controller === controller) this.#controller = null;
    }
    this.#scheduleRetry();
  }
}

export const liveStream = new LiveStream();
