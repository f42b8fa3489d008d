import { KIOSK_EVENT_TYPES, type KioskEvent } from '../kiosk';
import { deviceProjection } from './device-rows';

/** The kiosks screen's rows. */
export const kioskProjection = deviceProjection<KioskEvent>('kiosks', KIOSK_EVENT_TYPES, 'KioskDeleted', (d) => d.kiosk_id);
