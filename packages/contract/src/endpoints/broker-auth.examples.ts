import type { AreaExamples } from '../endpoint.js';
import type { api } from './index.js';

export const brokerAuthExamples: AreaExamples<(typeof api)['brokerAuth']> = {
  user: 'allow',
  vhost: 'allow',
  resource: 'allow',
  topic: 'deny',
};
