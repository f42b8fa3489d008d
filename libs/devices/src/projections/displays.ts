import { DISPLAY_EVENT_TYPES, type DisplayEvent } from '../display';
import { deviceProjection } from './device-rows';

/** The displays screen's rows. */
export const displayProjection = deviceProjection<DisplayEvent>('displays', DISPLAY_EVENT_TYPES, 'DisplayDeleted', (d) => d.display_id);
