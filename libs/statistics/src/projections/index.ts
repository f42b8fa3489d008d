export { statisticsSettingsProjection } from './settings';
