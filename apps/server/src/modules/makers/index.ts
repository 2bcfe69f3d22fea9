/** Makers of products. */
export { findMaker, insertMaker } from './makers.repository.js';
export { makerRoutes } from './makers.routes.js';
