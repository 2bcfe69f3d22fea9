import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the planning feature: `/product/planning`. */
export const PlanningScreen = lazyScreen(() => import('./screens/planning'), ['planning']);
