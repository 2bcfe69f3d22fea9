/** The device-group screen: list with create and edit drawers. */
export { default as DeviceGroupListScreen } from './screens/device-group-list';
