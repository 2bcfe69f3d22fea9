export { micromarketRoutes } from './micromarkets.routes.js';
