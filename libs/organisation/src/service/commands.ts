export interface ServiceFields {
  name: string;
  /** In the business's currency, two decimals. */
  price: number;
  duration_seconds: number;
  category: string | null;
  parent_id: string | null;
}

export type DurationUnit = 'minutes' | 'seconds';

/** Durations are kept in seconds; the screens may enter minutes. */
export function toSeconds(duration: number, unit: DurationUnit = 'minutes'): number {
  return unit === 'seconds' ? duration : Math.round(duration * 60);
}

/**
 * The parent a service is to hang under, as the command handler found it in the business:
 * `ancestors` lists the parent and the parents above it, so a cycle shows without a read.
 */
export interface ParentCheck {
  id: string;
  ancestors: string[];
}

export type ServiceCommand =
  | { type: 'CreateService'; service_id: string; business_id: string; fields: ServiceFields; parent: ParentCheck | null }
  | { type: 'UpdateService'; service_id: string; business_id: string; fields: Partial<ServiceFields>; parent?: ParentCheck | null }
  | { type: 'DeleteService'; service_id: string; business_id: string; has_sub_services: boolean };
