/** RFID tags, the tag programmer and storage batches. */

import type { ModuleManifest } from '../../lib/module-manifest.js';
import { tagRoutes } from './tags.routes.js';

export {
  listMicromarketTags,
  type MicromarketTagRow,
  type MicromarketTagsQuery,
} from './micromarket-tags.repository.js';
export { insertProgrammingTasks } from './programmer.repository.js';
export { loadTagsInto, markSaleTagsSold, markTagsSold, placeTags, takeTags } from './tag-moves.repository.js';
export { applyTagAction } from './tags.service.js';

export const tagsModule: ModuleManifest = {
  name: 'tags',
  routes: (app, { ctx }) => app.register(tagRoutes, { ctx }),
};
