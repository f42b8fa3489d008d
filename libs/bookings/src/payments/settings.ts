import type { ColumnType } from 'kysely';
import type { Decider, InlineProjection } from '@tabour/eventstore';
import { settingsDecider } from '@tabour/platform';
import { DEFAULT_PAYMENT_SETTINGS, PAYMENT_CURRENCIES, type PaymentCurrency, type PaymentSettings } from '@tabour/contracts';
import type { Database } from '@tabour/platform';

/** The business's payment settings (/settings/payment, GET/POST /business/myliberrex): stream `paymentsettings-<tenant>`. */
export const paymentSettingsStream = (tenantId: string) => `paymentsettings-${tenantId}`;

export type PaymentSettingsCommand = { type: 'UpdatePaymentSettings'; business_id: string; changes: Partial<Record<keyof PaymentSettings, unknown>> };
export type PaymentSettingsEvent = { type: 'PaymentSettingsUpdated'; data: { business_id: string; changes: Partial<PaymentSettings> } };
export const PAYMENT_SETTINGS_EVENT_TYPES = ['PaymentSettingsUpdated'] as const;
export type PaymentSettingsState = PaymentSettings;

export const paymentSettingsDecider: Decider<PaymentSettingsCommand, PaymentSettingsState, PaymentSettingsEvent> = settingsDecider({
  defaults: DEFAULT_PAYMENT_SETTINGS,
  event: 'PaymentSettingsUpdated',
  rules: {
    currency: (given) =>
      typeof given === 'string' && PAYMENT_CURRENCIES.includes(given as PaymentCurrency)
        ? { value: given as PaymentCurrency }
        : { error: `Choose one of: ${PAYMENT_CURRENCIES.join(', ')}` },
    agents_may_enter_amount: (given) => (typeof given === 'boolean' ? { value: given } : { error: 'agents_may_enter_amount must be true or false' }),
  },
});

export interface BusinessPaymentSettingsTable {
  tenant_id: string;
  currency: string;
  agents_may_enter_amount: boolean;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '@tabour/platform' {
  interface Database {
    business_payment_settings: BusinessPaymentSettingsTable;
  }
}

/** `business_payment_settings`: one row per business once it has changed a setting (no row: the defaults). */
export const paymentSettingsProjection: InlineProjection<PaymentSettingsEvent, Database> = {
  name: 'bookings.payment-settings',
  tables: ['business_payment_settings'],
  handles: PAYMENT_SETTINGS_EVENT_TYPES,
  async apply(db, events) {
    for (const e of events) {
      const tenant = e.data.business_id;
      const current = await db.selectFrom('business_payment_settings').selectAll().where('tenant_id', '=', tenant).executeTakeFirst();
      const next = {
        ...DEFAULT_PAYMENT_SETTINGS,
        ...(current ? { currency: current.currency as PaymentCurrency, agents_may_enter_amount: current.agents_may_enter_amount } : {}),
        ...e.data.changes,
      };
      const row = { currency: next.currency, agents_may_enter_amount: next.agents_may_enter_amount, updated_at: e.recordedAt };
      await db
        .insertInto('business_payment_settings')
        .values({ tenant_id: tenant, ...row })
        .onConflict((c) => c.column('tenant_id').doUpdateSet(row))
        .execute();
    }
  },
};
