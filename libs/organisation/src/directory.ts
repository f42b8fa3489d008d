import { sql, type Kysely, type RawBuilder } from 'kysely';
import { organisationDb } from './calendar';

/**
 * What other contexts may know of a business from its profile: how it is named and reached,
 * where it is, and the booking switches it set. Its zone and week are the calendar's
 * (calendar.ts), so every day is counted in one place.
 */
export interface BusinessProfile {
  tenant_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  country: string | null;
  city: string | null;
  address: string | null;
  postal_code: string | null;
  sms_sender_name: string | null;
  published: boolean;
  booking_days_limit: number;
  booking_confirmation: boolean;
}

export const BUSINESS_PROFILE_FIELDS = [
  'name',
  'email',
  'phone',
  'country',
  'city',
  'address',
  'postal_code',
  'sms_sender_name',
  'published',
  'booking_days_limit',
  'booking_confirmation',
] as const satisfies readonly (keyof BusinessProfile)[];
export type BusinessProfileField = (typeof BUSINESS_PROFILE_FIELDS)[number];

/** The business's profile, or undefined before its registration is projected. */
export async function businessProfile<DB>(db: Kysely<DB>, tenantId: string): Promise<BusinessProfile | undefined> {
  return organisationDb(db)
    .selectFrom('business_profiles')
    .select(['tenant_id', ...BUSINESS_PROFILE_FIELDS])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/** The profiles of several businesses by id; one missing has no profile. */
export async function businessProfiles<DB>(db: Kysely<DB>, tenantIds: readonly string[]): Promise<Map<string, BusinessProfile>> {
  const ids = [...new Set(tenantIds)];
  if (!ids.length) return new Map();
  const rows = await organisationDb(db)
    .selectFrom('business_profiles')
    .select(['tenant_id', ...BUSINESS_PROFILE_FIELDS])
    .where('tenant_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.tenant_id, r]));
}

/**
 * One field of a business's profile as a scalar subquery, for a statement that must stay one
 * round trip (a ticket's page naming its business). `tenant` is a value or a column reference.
 */
export function businessFieldSql<F extends BusinessProfileField>(tenant: string | RawBuilder<unknown>, field: F): RawBuilder<BusinessProfile[F] | null> {
  if (!BUSINESS_PROFILE_FIELDS.includes(field)) throw new Error(`not a profile field: ${field}`);
  return sql<BusinessProfile[F] | null>`(SELECT ${sql.ref(`bp.${field}`)} FROM business_profiles bp WHERE bp.tenant_id = ${tenant})`;
}
