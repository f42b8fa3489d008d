export { notificationSettingsProjection } from './settings';
