/** RFID tags, the tag programmer and storage batches. */
export { tagRoutes } from './tags.routes.js';
