import type { ColumnType, JSONColumnType } from 'kysely';
import type { PaymentMethod } from '@tabour/contracts';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A payment on a booking; status and rest to pay as they stood when it was recorded. */
export interface BookingTransactionsTable {
  tenant_id: string;
  id: string;
  booking_id: string;
  amount: ColumnType<string, number | string, number | string>;
  method: string;
  status: string;
  rest_to_pay: ColumnType<string, number | string, number | string>;
  paid_on: string | null;
  note: string | null;
  created_at: Timestamp;
}

export interface BusinessPaymentTypesTable {
  tenant_id: string;
  methods: JSONColumnType<PaymentMethod[], string, string>;
  updated_at: Timestamp;
}

export interface BusinessPaymentSettingsTable {
  tenant_id: string;
  currency: string;
  agents_may_enter_amount: boolean;
  updated_at: Timestamp;
}

/** The payments' tables: the slice of the database type that its queries read. */
export interface PaymentTables {
  booking_transactions: BookingTransactionsTable;
  business_payment_types: BusinessPaymentTypesTable;
  business_payment_settings: BusinessPaymentSettingsTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends PaymentTables {}
}
