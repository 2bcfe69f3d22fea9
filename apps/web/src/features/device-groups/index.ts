import { lazy } from 'react';

/** Public surface of the device-groups feature: the list with its create and edit drawers. */
export const DeviceGroupListScreen = lazy(() => import('./screens/device-group-list'));
