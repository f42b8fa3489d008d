import type { InlineProjection } from '@tabour/eventstore';
import { resourceProjection } from './resources';

export { resourceProjection };

/** Each reads nothing but its events, so any one can be rebuilt alone. */
export const RESOURCE_PROJECTIONS: readonly InlineProjection[] = [resourceProjection];
