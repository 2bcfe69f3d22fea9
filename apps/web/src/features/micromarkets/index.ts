import { lazyScreen } from '../../lib/lazy-screen';

/**
 * Public surface of the micromarkets feature: the micromarket list, card, wall board and fleet thresholds (the card's tabs are listed
 * in components/card-tabs). Each screen is a lazy component with a chunk of its own.
 */
export const MicromarketListScreen = lazyScreen(
  () => import('./screens/micromarket-list'),
  ['devices', 'open', 'orders', 'planogram', 'accounting'],
);
export const MicromarketCardScreen = lazyScreen(
  () => import('./screens/micromarket-card'),
  ['devices', 'open', 'orders', 'planogram', 'accounting'],
);
export const MicromarketDisplayScreen = lazyScreen(() => import('./screens/micromarket-display'), ['devices', 'open']);
export const FleetThresholdsScreen = lazyScreen(() => import('./screens/fleet-thresholds'), ['devices']);
