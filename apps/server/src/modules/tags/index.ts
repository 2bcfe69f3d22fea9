/** RFID tags, the tag programmer and storage batches. */
export {
  listMicromarketTags,
  type MicromarketTagRow,
  type MicromarketTagsQuery,
} from './micromarket-tags.repository.js';
export { tagRoutes } from './tags.routes.js';
export { applyTagAction } from './tags.service.js';
