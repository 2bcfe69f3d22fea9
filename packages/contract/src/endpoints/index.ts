import type { Endpoint } from '../endpoint.js';
import { categoryApi } from './category.js';
import { datasetApi } from './dataset.js';
import { makerApi } from './maker.js';
import { userApi } from './user.js';

/** Every endpoint of the API by area: `api.user.list`. Server routes and the web client derive from it. */
export const api = {
  user: userApi,
  category: categoryApi,
  maker: makerApi,
  dataset: datasetApi,
};

/** The flat list, for route tests and tooling. */
export const ENDPOINTS: readonly Endpoint[] = Object.values(api).flatMap((area) => Object.values(area));
