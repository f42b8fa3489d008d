import type { ColumnType } from 'kysely';
import type { Decider, InlineProjection } from '@tabour/eventstore';
import { throwIfAny as refuse } from '@tabour/platform';
import { DEFAULT_PAYMENT_SETTINGS, PAYMENT_CURRENCIES, type PaymentCurrency, type PaymentSettings } from '@tabour/contracts';
import type { Database } from '@tabour/platform';

/** The business's payment settings (/settings/payment, GET/POST /business/myliberrex): stream `paymentsettings-<tenant>`. */
export const paymentSettingsStream = (tenantId: string) => `paymentsettings-${tenantId}`;

export type PaymentSettingsCommand = { type: 'UpdatePaymentSettings'; business_id: string; changes: Partial<Record<keyof PaymentSettings, unknown>> };
export type PaymentSettingsEvent = { type: 'PaymentSettingsUpdated'; data: { business_id: string; changes: Partial<PaymentSettings> } };
export const PAYMENT_SETTINGS_EVENT_TYPES = ['PaymentSettingsUpdated'] as const;
export type PaymentSettingsState = PaymentSettings;

export const paymentSettingsDecider: Decider<PaymentSettingsCommand, PaymentSettingsState, PaymentSettingsEvent> = {
  initialState: () => ({ ...DEFAULT_PAYMENT_SETTINGS }),
  decide(command, state) {
    const errors: Record<string, string[]> = {};
    const changes: Partial<PaymentSettings> = {};
    const { currency, agents_may_enter_amount } = command.changes;
    if (currency !== undefined) {
      if (typeof currency !== 'string' || !PAYMENT_CURRENCIES.includes(currency as PaymentCurrency))
        errors.currency = [`Choose one of: ${PAYMENT_CURRENCIES.join(', ')}`];
      else if (currency !== state.currency) changes.currency = currency as PaymentCurrency;
    }
    if (agents_may_enter_amount !== undefined) {
      if (typeof agents_may_enter_amount !== 'boolean') errors.agents_may_enter_amount = ['agents_may_enter_amount must be true or false'];
      else if (agents_may_enter_amount !== state.agents_may_enter_amount) changes.agents_may_enter_amount = agents_may_enter_amount;
    }
    for (const key of Object.keys(command.changes)) if (!(key in DEFAULT_PAYMENT_SETTINGS)) errors[key] = [`Unknown setting ${key}`];
    refuse(errors);
    return Object.keys(changes).length ? [{ type: 'PaymentSettingsUpdated', data: { business_id: command.business_id, changes } }] : [];
  },
  evolve: (state, event) => (event.type === 'PaymentSettingsUpdated' ? { ...state, ...event.data.changes } : state),
};

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
