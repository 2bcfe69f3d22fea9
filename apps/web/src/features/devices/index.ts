/** The micromarket screens: the list and the card (whose tabs are listed in components/card-tabs). */
export { default as DeviceCardScreen } from './screens/device-card';
export { default as DeviceListScreen } from './screens/device-list';
