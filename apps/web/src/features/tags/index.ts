import { lazyScreen } from '../../lib/lazy-screen';

/**
 * Public surface of the tags feature: RFID tags: the list, the programmer and the storage
 * batches. The app imports only this file. Each screen is a lazy component with a chunk of its
 * own, so importing the surface adds next to nothing to the first download.
 */
export const TagListScreen = lazyScreen(() => import('./screens/tag-list'), ['tags']);
export const TagProgrammerScreen = lazyScreen(() => import('./screens/tag-programmer'), ['tags']);
export const StorageListScreen = lazyScreen(() => import('./screens/storage-list'), ['tags']);
