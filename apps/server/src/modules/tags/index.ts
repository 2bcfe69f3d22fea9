/** RFID tags, the tag programmer and storage batches. */
export {
  listMicromarketTags,
  type MicromarketTagRow,
  type MicromarketTagsQuery,
} from './micromarket-tags.repository.js';
export { insertProgrammingTasks } from './programmer.repository.js';
export { loadTagsInto, markSaleTagsSold, markTagsSold, placeTags, takeTags } from './tag-moves.repository.js';
export { tagRoutes } from './tags.routes.js';
export { applyTagAction } from './tags.service.js';
