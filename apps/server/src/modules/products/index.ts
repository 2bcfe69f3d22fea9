/** Products: list, card, copy, image, rating. */
export { productRoutes } from './products.routes.js';
