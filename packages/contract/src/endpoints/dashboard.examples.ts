import type { AreaExamples } from '../endpoint.js';
import type { api } from './index.js';

export const dashboardExamples: AreaExamples<(typeof api)['dashboard']> = {
  summary: {
    users: 1,
    new_users: 1,
    micromarkets: 1,
    micromarkets_online: 1,
  },
};
