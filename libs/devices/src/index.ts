import { addError, DEVICE_STATUSES, LANGUAGES, type DeviceStatus, type FieldErrors, type Language } from '@tabour/contracts';
import { throwIfAny } from '@tabour/platform';

// The field errors' shape and helpers are the contract's, refusing them is the platform's; the lists are the contract's, shared with the web.
export { addError, throwIfAny, type FieldErrors, DEVICE_STATUSES, LANGUAGES, type DeviceStatus, type Language };

export * from './network';
export * from './kiosk';
export * from './display';
export * from './tables';
export * from './projections';
