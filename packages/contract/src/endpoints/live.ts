import { defineEndpoint } from '../endpoint.js';
import { ZLiveQuery, ZLiveStream } from '../resources/live.js';

export const liveApi = {
  /** Any signed-in user; each topic is filtered by its own permissions (LIVE_TOPICS). */
  events: defineEndpoint({
    method: 'GET',
    path: '/v1/live/events',
    tag: 'live',
    summary: 'Server-sent events of the topics the caller may follow, for the visible organisations',
    query: ZLiveQuery,
    response: ZLiveStream,
    format: 'event-stream',
    errors: [429],
  }),
};
