import type { InlineProjection } from '@tabour/eventstore';
import { customersProjection } from './customers';
import { privacyProjection } from './privacy';

export { customersProjection, privacyProjection };
export { numericIid } from './customers';
export { DELETE_HISTORY_JOB } from './privacy';

/** Each reads nothing but its events, so any one can be rebuilt alone. */
export const CUSTOMER_PROJECTIONS: InlineProjection[] = [customersProjection, privacyProjection];
