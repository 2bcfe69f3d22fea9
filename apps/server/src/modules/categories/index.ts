/** Three-level categories per organisation. */
export {
  categoryPaths,
  findCategory,
  insertCategory,
  type PathItem,
  subtreeIds,
} from './categories.repository.js';
export { categoryRoutes } from './categories.routes.js';
