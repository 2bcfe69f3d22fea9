import { lazy } from 'react';

/**
 * Public surface of the tags feature: RFID tags: the list, the programmer and the storage
 * batches. The app imports only this file. Each screen is a lazy component with a chunk of its
 * own, so importing the surface adds next to nothing to the first download.
 */
export const TagListScreen = lazy(() => import('./screens/tag-list'));
export const TagProgrammerScreen = lazy(() => import('./screens/tag-programmer'));
export const StorageListScreen = lazy(() => import('./screens/storage-list'));
