import type { AreaExamples } from '../endpoint.js';
import type { api } from './index.js';

export const liveExamples: AreaExamples<(typeof api)['live']> = {
  events: 'event: ping\ndata: {}\n\n',
};
