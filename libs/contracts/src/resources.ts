import type { Instant } from './instants';

/**
 * Rooms and equipment a booking reserves (docs/product.md#resources): each holds at most
 * `capacity` bookings at once.
 */
export const RESOURCE_KINDS = ['room', 'equipment'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** The refusal of a booking whose resource already holds as many bookings as it can at that time. */
export const RESOURCE_REFUSALS = ['resource_full'] as const;
export type ResourceRefusal = (typeof RESOURCE_REFUSALS)[number];

export interface Resource<At = Instant> {
  id: string;
  name: string;
  kind: ResourceKind;
  /** How many bookings it holds at once (at least 1). */
  capacity: number;
  /** The departments it belongs to; none: the whole business's. */
  department_ids: string[];
  active: boolean;
  created_at: At;
  updated_at: At;
}
