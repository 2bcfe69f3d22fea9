import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the device-groups feature: the list with its create and edit drawers. */
export const DeviceGroupListScreen = lazyScreen(() => import('./screens/device-group-list'), ['device_groups']);
