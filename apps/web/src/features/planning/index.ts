import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the planning feature: `/product/planning` and its printable pick sheets. */
export const PlanningScreen = lazyScreen(() => import('./screens/planning'), ['planning']);
export const PickSheetScreen = lazyScreen(() => import('./screens/pick-sheet'), ['planning']);
