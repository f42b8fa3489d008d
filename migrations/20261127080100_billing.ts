import { Kysely, sql } from 'kysely';

/*
 * The billing context (docs/billing.md).
 *
 * - billing_packages: the operator's catalogue, seeded with today's prices (minor units, EUR).
 * - billing_coupons, billing_coupon_redemptions: the operator's coupons and who used them.
 * - memberships, membership_periods, payment_methods, billing_details: projections of the
 *   business's membership stream (and of the account's trial and package events).
 * - invoices, invoice_counters: the invoice register; each number is taken from its counter row
 *   in the transaction that appends the invoice, so numbers run without gap or duplicate.
 * - billing_customers, billing_checkouts, billing_provider_events: the card provider's side.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE billing_packages (
      id            text PRIMARY KEY CHECK (id IN ('FREE', 'LIBERUP', 'LIBERPRO')),
      name          text NOT NULL,
      currency      text NOT NULL DEFAULT 'EUR',
      monthly_price integer CHECK (monthly_price >= 0),
      yearly_price  integer CHECK (yearly_price >= 0),
      for_sale      boolean NOT NULL,
      updated_at    timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    INSERT INTO billing_packages (id, name, currency, monthly_price, yearly_price, for_sale) VALUES
      ('FREE', 'Free', 'EUR', NULL, NULL, false),
      ('LIBERUP', 'LiberUp', 'EUR', 2900, 29000, true),
      ('LIBERPRO', 'LiberPro', 'EUR', 7900, 79000, true)`.execute(db);

  await sql`
    CREATE TABLE billing_coupons (
      code            text PRIMARY KEY CHECK (code = upper(code) AND code ~ '^[A-Z0-9_-]{3,40}$'),
      kind            text NOT NULL CHECK (kind IN ('percent', 'amount')),
      value           integer NOT NULL CHECK (value > 0 AND (kind <> 'percent' OR value <= 100)),
      currency        text CHECK ((kind = 'amount') = (currency IS NOT NULL)),
      duration        text NOT NULL CHECK (duration IN ('once', 'repeating', 'forever')),
      duration_months integer CHECK ((duration = 'repeating') = (duration_months IS NOT NULL AND duration_months > 0)),
      valid_from      timestamptz,
      valid_until     timestamptz,
      max_redemptions integer CHECK (max_redemptions > 0),
      redemptions     integer NOT NULL DEFAULT 0 CHECK (redemptions >= 0 AND (max_redemptions IS NULL OR redemptions <= max_redemptions)),
      packages        text[] NOT NULL,
      archived        boolean NOT NULL DEFAULT false,
      created_at      timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE billing_coupon_redemptions (
      code       text NOT NULL REFERENCES billing_coupons (code),
      tenant_id  uuid NOT NULL,
      status     text NOT NULL CHECK (status IN ('reserved', 'redeemed')),
      invoice_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (code, tenant_id)
    )`.execute(db);

  await sql`
    CREATE TABLE memberships (
      tenant_id            uuid PRIMARY KEY,
      package              text,
      plan                 text,
      trial_ends_at        timestamptz,
      period_starts_at     timestamptz,
      period_ends_at       timestamptz,
      grace_ends_at        timestamptz,
      renewal_attempts     integer NOT NULL DEFAULT 0,
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      scheduled_package    text,
      scheduled_plan       text,
      coupon_code          text,
      coupon_months_left   integer,
      due_at               timestamptz,
      claimed_until        timestamptz,
      updated_at           timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX memberships_due ON memberships (due_at) WHERE due_at IS NOT NULL`.execute(db);
  // The businesses registered before billing: their trial and package as the account holds them.
  await sql`
    INSERT INTO memberships (tenant_id, package, plan, trial_ends_at, period_starts_at, period_ends_at, due_at)
    SELECT tenant_id, package, plan, trial_ends_at, package_starts_at, package_ends_at,
           CASE WHEN package IS NULL THEN trial_ends_at ELSE package_ends_at END
      FROM business_accounts`.execute(db);

  await sql`
    CREATE TABLE membership_periods (
      id         uuid PRIMARY KEY,
      tenant_id  uuid NOT NULL,
      kind       text NOT NULL CHECK (kind IN ('purchase', 'renewal', 'change')),
      package    text NOT NULL,
      plan       text NOT NULL,
      starts_at  timestamptz NOT NULL,
      ends_at    timestamptz NOT NULL,
      invoice_id uuid,
      net        integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX membership_periods_tenant ON membership_periods (tenant_id, starts_at DESC)`.execute(db);

  await sql`
    CREATE TABLE invoice_counters (
      kind text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
      year integer NOT NULL,
      last integer NOT NULL CHECK (last > 0),
      PRIMARY KEY (kind, year)
    )`.execute(db);
  await sql`
    CREATE TABLE invoices (
      id                 uuid PRIMARY KEY,
      tenant_id          uuid NOT NULL,
      kind               text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
      year               integer NOT NULL,
      seq                integer NOT NULL,
      number             text NOT NULL UNIQUE,
      issued_at          timestamptz NOT NULL,
      status             text NOT NULL DEFAULT 'paid' CHECK (status IN ('paid', 'refunded', 'partially_refunded')),
      currency           text NOT NULL,
      seller             jsonb NOT NULL,
      buyer              jsonb NOT NULL,
      lines              jsonb NOT NULL,
      coupon             jsonb,
      subtotal           integer NOT NULL,
      vat_rate           numeric(5, 2) NOT NULL,
      vat                integer NOT NULL,
      total              integer NOT NULL,
      reverse_charge     boolean NOT NULL,
      payment_reference  text,
      credits_invoice_id uuid REFERENCES invoices (id),
      refunded           integer NOT NULL DEFAULT 0,
      UNIQUE (kind, year, seq)
    )`.execute(db);
  await sql`CREATE INDEX invoices_tenant ON invoices (tenant_id, issued_at DESC)`.execute(db);
  // Issued means fixed: only the refund bookkeeping of an invoice may change afterwards.
  await sql`
    CREATE FUNCTION invoices_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN RAISE EXCEPTION 'an issued invoice is never deleted'; END IF;
      IF (to_jsonb(NEW) - 'status' - 'refunded') IS DISTINCT FROM (to_jsonb(OLD) - 'status' - 'refunded') THEN
        RAISE EXCEPTION 'an issued invoice is never changed';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_immutable()`.execute(db);

  await sql`
    CREATE TABLE payment_methods (
      id           uuid PRIMARY KEY,
      tenant_id    uuid NOT NULL,
      provider     text NOT NULL CHECK (provider IN ('stripe', 'test')),
      provider_ref text NOT NULL,
      brand        text NOT NULL,
      last4        text NOT NULL,
      exp_month    integer NOT NULL,
      exp_year     integer NOT NULL,
      is_default   boolean NOT NULL,
      created_at   timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX payment_methods_tenant ON payment_methods (tenant_id)`.execute(db);

  await sql`
    CREATE TABLE billing_details (
      tenant_id  uuid PRIMARY KEY,
      name       text NOT NULL,
      address    text,
      country    text,
      vat_number text,
      email      text,
      updated_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE billing_customers (
      tenant_id    uuid PRIMARY KEY,
      provider     text NOT NULL,
      customer_ref text NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE billing_checkouts (
      payment_ref text PRIMARY KEY,
      tenant_id   uuid NOT NULL,
      command     jsonb NOT NULL,
      status      text NOT NULL CHECK (status IN ('pending', 'applied', 'failed')),
      created_at  timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE billing_provider_events (
      id          text PRIMARY KEY,
      type        text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'billing_provider_events',
    'billing_checkouts',
    'billing_customers',
    'billing_details',
    'payment_methods',
    'invoices',
    'invoice_counters',
    'membership_periods',
    'memberships',
    'billing_coupon_redemptions',
    'billing_coupons',
    'billing_packages',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS invoices_immutable()`.execute(db);
}
