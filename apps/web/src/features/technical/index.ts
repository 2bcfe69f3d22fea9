export { default as AlertListScreen } from './screens/alert-list';
