/** Which resources (rooms, equipment) each booking holds, from its BookingCreated and the updates naming others (docs/resources.md). */
export interface BookingResourcesTable {
  tenant_id: string;
  booking_id: string;
  resource_id: string;
}

/** The reservations' tables: the slice of the database type that its queries read. */
export interface ReservationTables {
  booking_resources: BookingResourcesTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends ReservationTables {}
}
