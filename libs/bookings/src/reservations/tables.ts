/** Which resources (rooms, equipment) each booking holds, from its BookingCreated and the updates naming others (docs/resources.md). */
export interface BookingResourcesTable {
  tenant_id: string;
  booking_id: string;
  resource_id: string;
}

declare module '@tabour/platform' {
  interface Database {
    booking_resources: BookingResourcesTable;
  }
}
