import { lazy } from 'react';

/**
 * Public surface of the devices feature: the micromarket list, card, wall board and fleet thresholds (the card's tabs are listed
 * in components/card-tabs). Each screen is a lazy component with a chunk of its own.
 */
export const DeviceListScreen = lazy(() => import('./screens/device-list'));
export const DeviceCardScreen = lazy(() => import('./screens/device-card'));
export const DeviceDisplayScreen = lazy(() => import('./screens/device-display'));
export const FleetThresholdsScreen = lazy(() => import('./screens/fleet-thresholds'));
