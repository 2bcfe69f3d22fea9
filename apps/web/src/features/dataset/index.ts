import { lazyScreen } from '../../lib/lazy-screen';

/**
 * Public surface of the dataset feature: the dataset of product photos and videos. The app
 * imports only this file. Each screen is a lazy component with a chunk of its own, so importing
 * the surface adds next to nothing to the first download.
 */
export const DatasetListScreen = lazyScreen(() => import('./screens/dataset-list'), ['dataset']);
