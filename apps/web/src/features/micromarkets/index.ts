import { lazyScreen } from '../../lib/lazy-screen';

/**
 * Public surface of the devices feature: the micromarket list, card, wall board and fleet thresholds (the card's tabs are listed
 * in components/card-tabs). Each screen is a lazy component with a chunk of its own.
 */
export const DeviceListScreen = lazyScreen(
  () => import('./screens/device-list'),
  ['devices', 'open', 'orders', 'planogram', 'accounting'],
);
export const DeviceCardScreen = lazyScreen(
  () => import('./screens/device-card'),
  ['devices', 'open', 'orders', 'planogram', 'accounting'],
);
export const DeviceDisplayScreen = lazyScreen(() => import('./screens/device-display'), ['devices', 'open']);
export const FleetThresholdsScreen = lazyScreen(() => import('./screens/fleet-thresholds'), ['devices']);
