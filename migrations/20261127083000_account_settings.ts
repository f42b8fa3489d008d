import { Kysely, sql } from 'kysely';

/*
 * The account settings that remain (docs/account-settings.md): the business's categories, its
 * terms and privacy policy (every version kept), the account's own settings and the payment
 * settings (/myliberrex). Each is an inline projection of its stream; a business without a
 * settings row has the defaults.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE business_categories (
      id          uuid PRIMARY KEY,
      tenant_id   uuid NOT NULL,
      name        text NOT NULL,
      color       text,
      created_at  timestamptz NOT NULL,
      updated_at  timestamptz NOT NULL
    );
    CREATE INDEX business_categories_tenant ON business_categories (tenant_id, name);

    CREATE TABLE business_legal_texts (
      tenant_id   uuid NOT NULL,
      kind        text NOT NULL,
      version     integer NOT NULL,
      content     text NOT NULL,
      created_by  text,
      created_at  timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, kind, version)
    );

    CREATE TABLE business_account_settings (
      tenant_id        uuid PRIMARY KEY,
      contact_email    text,
      notice_language  text NOT NULL,
      updated_at       timestamptz NOT NULL
    );

    CREATE TABLE business_payment_settings (
      tenant_id                uuid PRIMARY KEY,
      currency                 text NOT NULL,
      agents_may_enter_amount  boolean NOT NULL,
      updated_at               timestamptz NOT NULL
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS business_payment_settings, business_account_settings, business_legal_texts, business_categories`.execute(db);
}
