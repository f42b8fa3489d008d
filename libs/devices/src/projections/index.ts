import { displayProjection } from './displays';
import { kioskProjection } from './kiosks';

export { displayProjection, kioskProjection };

/** Each reads nothing but its events, so any one can be rebuilt alone. */
export const DEVICE_PROJECTIONS = [kioskProjection, displayProjection];
