export { GeneralSettingsPage } from './GeneralSettings';
