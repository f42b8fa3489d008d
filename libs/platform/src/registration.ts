/**
 * What a business's registration (the accounts context's `BusinessRegistered`) says of how the
 * business is named and reached: the first columns of every row that begins with it, the
 * account's and the profile's alike.
 */
export interface BusinessRegistration {
  business_id: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  country?: string | null;
}

/** A field the registration may leave out reads as null in a row. */
type Column<T> = Exclude<T, undefined> | (undefined extends T ? null : never);

export function registeredContact<R extends BusinessRegistration>(
  r: R,
): { tenant_id: string; name: string; email: Column<R['email']>; phone: Column<R['phone']>; country: Column<R['country']> } {
  return {
    tenant_id: r.business_id,
    name: r.name,
    email: (r.email ?? null) as Column<R['email']>,
    phone: (r.phone ?? null) as Column<R['phone']>,
    country: (r.country ?? null) as Column<R['country']>,
  };
}
