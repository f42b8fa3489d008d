import { randomUUID } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_SMS_SETTINGS,
  type Channel,
  type Language,
  type MessageType,
  type NotificationSettings,
  type SmsSettings,
  type StaffNotificationKind,
} from '@tabour/contracts';
import { sql } from 'kysely';
import type { ProjectionDb } from '@tabour/eventstore';
import { businessFieldSql, businessZoneSql, DEFAULT_TIME_ZONE, localDay } from '@tabour/organisation';
import type { Database } from '@tabour/platform';
import { allowanceMembership, consumedIn, smsWindowAt } from './allowance';
import { channelsFor } from './message-types';
import { smsSegments } from './segments';
import type { NotificationMessagesTable } from './tables';
import { defaultTemplate, formatBookingTime, pickLanguage, renderTemplate, type PlaceholderValues } from './templates';

/**
 * One message a cause asks for, before its channels, language and text are known: the reactor
 * (an event), the reminder sweep (a due reminder) and the staff's "notify" call make these.
 */
export interface MessageIntent {
  tenant_id: string;
  type: MessageType;
  /** What caused it, unique per cause: an event's id, a reminder's booking and start. With the type and channel it is the message's dedupe key. */
  cause: string;
  customer_id: string | null;
  ticket_id?: string | null;
  booking_id?: string | null;
  /** The placeholders the cause knows (name and business are filled here). */
  values: PlaceholderValues;
  /** A booking's start: its `booking_time` is written here, in the business's zone and the message's language. */
  starts_at?: string;
  /** Contact given with the cause where no customer record holds it (a walk-in's phone). */
  contact?: { phone?: string | null; email?: string | null; language?: string | null; name?: string | null };
  /** Only these channels (the staff's "send by SMS", an SMS's fallback by e-mail). */
  only?: Channel[];
  /** The text as written already (a failed SMS sent again by e-mail), instead of the type's template. */
  text?: { body: string; subject: string | null };
  /** The message this one stands in for. */
  fallback_of?: string;
  /**
   * Asked for by the business there and then (the customers' "notify", a kiosk set to text its
   * tickets): the per-type toggles do not apply; the channel being on, a STOP and the allowance do.
   */
  asked?: boolean;
}

/** The settings as they stand, with this one type turned on everywhere. */
function askedFor(type: MessageType, settings: NotificationSettings, sms: SmsSettings): { settings: NotificationSettings; sms: SmsSettings } {
  return {
    settings: { ...settings, booking: { ...settings.booking, [type]: true }, queue: { ...settings.queue, [type]: true } },
    sms: { ...sms, enabled_types: [type] },
  };
}

/**
 * The type a message is deduplicated under: a new ticket's message is one message, with or
 * without a time (the kiosk may record it with one while the reactor finds no counter open).
 */
const dedupeType = (type: MessageType): MessageType => (type === 'QUEUE_TICKET_WITHOUT_TIME' ? 'QUEUE_TICKET_CREATED' : type);

/** What recording did, for logs and the bench. */
export interface Recorded {
  queued: number;
  skipped: number;
}

/** An SMS is counted against the allowance by its segments, as the provider bills it. */
const smsCost = (segments: number) => segments;

type Db = ProjectionDb<Database>;

/** What `recordMessages` reads of a business, each list a JSON array of rows. */
interface RecipientFacts {
  stored: { settings: Partial<NotificationSettings>; sms: Partial<SmsSettings> } | null;
  /** The business's name and zone, null where it has no profile. */
  business_name: string | null;
  time_zone: string | null;
  owner_language: string | null;
  customers: {
    id: string;
    first_name: string | null;
    last_name: string | null;
    phone: string | null;
    email: string | null;
    preferred_language: string | null;
  }[];
  pushes: { ticket_id: string; id: string; language: string | null }[];
  templates: { message_type: string; language: string; channel: string; subject: string | null; body: string }[];
}

/** What one business's batch of intents is written against: its settings, templates and recipients, read once. */
interface BusinessFacts {
  tenantId: string;
  businessName: string | null;
  zone: string;
  ownerLanguage: string | null;
  settings: NotificationSettings;
  sms: SmsSettings;
  customerById: Map<string, RecipientFacts['customers'][number]>;
  pushByTicket: Map<string, { id: string; language: string | null }[]>;
  custom: Map<string, RecipientFacts['templates'][number]>;
  optedOut: Set<string>;
}

/** What customers may do on their ticket link and by SMS reply: the business's public settings, or the defaults. */
export async function publicTicketSettings(db: Db, tenantId: string): Promise<NotificationSettings['public']> {
  const row = await db.selectFrom('notification_settings').select('settings').where('tenant_id', '=', tenantId).executeTakeFirst();
  return { ...DEFAULT_NOTIFICATION_SETTINGS.public, ...row?.settings.public };
}

/** A number in E.164 (as opt-outs are stored), or null where it is not a number. */
export function e164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const parsed = parsePhoneNumberFromString(phone);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * Records the messages of these intents in the outbox, in the caller's transaction (the
 * reactor's, which moves its checkpoint in the same commit): a crash before the commit records
 * none and the batch is read again; after it, each is there once (`dedupe_key`). An SMS takes
 * its segments from the business's allowance here, in the same transaction: one that does not
 * fit is recorded as skipped, never half-sent, and the staff are told once.
 */
export async function recordMessages(db: Db, intents: MessageIntent[], now = new Date()): Promise<Recorded> {
  const out: Recorded = { queued: 0, skipped: 0 };
  const byTenant = new Map<string, MessageIntent[]>();
  for (const i of intents) byTenant.set(i.tenant_id, [...(byTenant.get(i.tenant_id) ?? []), i]);
  for (const [tenantId, list] of byTenant) {
    const facts = await readBusinessFacts(db, tenantId, list);
    const rows = list.flatMap((intent) => rowsFor(facts, intent, now));
    const recorded = await insertRows(db, tenantId, rows, now, facts.zone);
    out.queued += recorded.queued;
    out.skipped += recorded.skipped;
  }
  return out;
}

async function readBusinessFacts(db: Db, tenantId: string, list: MessageIntent[]): Promise<BusinessFacts> {
  const customerIds = [...new Set(list.map((i) => i.customer_id).filter((id): id is string => !!id))];
  const ticketIds = [...new Set(list.map((i) => i.ticket_id).filter((id): id is string => !!id))];
  // One statement for what the business's messages need: a batch's round trips, not its rows, are what it costs.
  const { rows: read } = await sql<RecipientFacts>`
    SELECT
      (SELECT json_build_object('settings', s.settings, 'sms', s.sms) FROM notification_settings s WHERE s.tenant_id = ${tenantId}) AS stored,
      ${businessFieldSql(tenantId, 'name')} AS business_name,
      ${businessZoneSql(tenantId)} AS time_zone,
      (SELECT u.language FROM users u WHERE u.tenant_id = ${tenantId} AND u.role = 'OWNER' LIMIT 1) AS owner_language,
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'first_name', c.first_name, 'last_name', c.last_name, 'phone', c.phone, 'email', c.email,
          'preferred_language', c.preferred_language)), '[]')
        FROM customers c WHERE c.tenant_id = ${tenantId} AND c.id = ANY(${customerIds}::uuid[])) AS customers,
      (SELECT coalesce(json_agg(json_build_object('ticket_id', p.ticket_id, 'id', p.id, 'language', p.language)), '[]')
        FROM push_subscriptions p WHERE p.tenant_id = ${tenantId} AND p.ticket_id = ANY(${ticketIds}::uuid[])) AS pushes,
      (SELECT coalesce(json_agg(json_build_object('message_type', t.message_type, 'language', t.language, 'channel', t.channel, 'subject', t.subject, 'body', t.body)), '[]')
        FROM message_templates t WHERE t.tenant_id = ${tenantId}) AS templates`.execute(db);
  const { stored, business_name, time_zone, owner_language, customers, pushes, templates } = read[0];
  const customerById = new Map(customers.map((c) => [c.id, c]));
  const pushByTicket = new Map<string, { id: string; language: string | null }[]>();
  for (const p of pushes) pushByTicket.set(p.ticket_id, [...(pushByTicket.get(p.ticket_id) ?? []), { id: p.id, language: p.language }]);
  const phones = new Set<string>();
  for (const i of list) {
    const c = i.customer_id ? customerById.get(i.customer_id) : undefined;
    const p = e164(i.contact?.phone ?? c?.phone);
    if (p) phones.add(p);
  }
  const optedOut = new Set(
    phones.size
      ? (
          await db
            .selectFrom('sms_opt_outs')
            .select('phone')
            .where('tenant_id', '=', tenantId)
            .where('phone', 'in', [...phones])
            .execute()
        ).map((r) => r.phone)
      : [],
  );
  return {
    tenantId,
    businessName: business_name,
    zone: time_zone ?? DEFAULT_TIME_ZONE,
    ownerLanguage: owner_language,
    settings: stored ? { ...DEFAULT_NOTIFICATION_SETTINGS, ...stored.settings } : DEFAULT_NOTIFICATION_SETTINGS,
    sms: stored ? { ...DEFAULT_SMS_SETTINGS, ...stored.sms } : DEFAULT_SMS_SETTINGS,
    customerById,
    pushByTicket,
    custom: new Map(templates.map((t) => [`${t.message_type}/${t.language}/${t.channel}`, t])),
    optedOut,
  };
}

/** One intent's rows: a row per channel its rules pick, and per push subscription of its ticket. */
function rowsFor(facts: BusinessFacts, intent: MessageIntent, now: Date): MessageRow[] {
  const c = intent.customer_id ? facts.customerById.get(intent.customer_id) : undefined;
  const phone = e164(intent.contact?.phone ?? c?.phone);
  const email = intent.contact?.email ?? c?.email ?? null;
  const pushIds = intent.ticket_id ? (facts.pushByTicket.get(intent.ticket_id) ?? []) : [];
  const language: Language = pickLanguage(intent.contact?.language ?? c?.preferred_language, facts.ownerLanguage);
  const name = intent.contact?.name ?? ([c?.first_name, c?.last_name].filter(Boolean).join(' ') || null);
  const valuesIn = (lang: Language): PlaceholderValues => ({
    business: facts.businessName ?? '',
    name,
    ...(intent.starts_at ? { booking_time: formatBookingTime(intent.starts_at, facts.zone, lang) } : {}),
    ...intent.values,
  });
  const values = valuesIn(language);
  const rules = intent.asked ? askedFor(intent.type, facts.settings, facts.sms) : { settings: facts.settings, sms: facts.sms };
  let channels = channelsFor(intent.type, rules.settings, rules.sms, {
    phone,
    email,
    push: pushIds.length > 0,
    sms_opted_out: !!phone && facts.optedOut.has(phone),
  });
  if (intent.only) channels = channels.filter((ch) => intent.only!.includes(ch));
  const rows: MessageRow[] = [];
  for (const channel of channels) {
    // A ticket page that asked for push is read in its own language; SMS and e-mail in the customer's.
    const recipients =
      channel === 'sms'
        ? [{ to: phone!, language }]
        : channel === 'email'
          ? [{ to: email!, language }]
          : pushIds.map((p) => ({ to: p.id, language: p.language ? pickLanguage(p.language, language) : language }));
    for (const { to: recipient, language: lang } of recipients) {
      const t = facts.custom.get(`${intent.type}/${lang}/${channel}`) ?? defaultTemplate(intent.type, lang, channel);
      const own = lang === language ? values : valuesIn(lang);
      const body = intent.text?.body ?? renderTemplate(t.body, own);
      const subject = intent.text ? (intent.text.subject ?? String(values.business ?? '')) : t.subject ? renderTemplate(t.subject, own) : null;
      rows.push(messageRow(facts.tenantId, intent, { channel, recipient, language: lang, subject, body }, now));
    }
  }
  return rows;
}

function messageRow(
  tenantId: string,
  intent: MessageIntent,
  m: { channel: MessageRow['channel']; recipient: string; language: Language; subject: string | null; body: string },
  now: Date,
): MessageRow {
  const size = m.channel === 'sms' ? smsSegments(m.body) : null;
  return {
    id: randomUUID(),
    tenant_id: tenantId,
    dedupe_key: `${intent.cause}:${dedupeType(intent.type)}:${m.channel}${m.channel === 'push' ? `:${m.recipient}` : ''}`,
    message_type: intent.type,
    channel: m.channel,
    recipient: m.recipient,
    customer_id: intent.customer_id,
    ticket_id: intent.ticket_id ?? null,
    booking_id: intent.booking_id ?? null,
    language: m.language,
    subject: m.subject,
    body: m.body,
    encoding: size?.encoding ?? null,
    segments: size?.segments ?? null,
    cost: size ? smsCost(size.segments) : null,
    status: 'queued',
    skip_reason: null,
    fallback_of: intent.fallback_of ?? null,
    next_attempt_at: now,
    created_at: now,
    updated_at: now,
  };
}

/** A message's row as the outbox writes it: the table's columns, with the values the outbox gives them. */
type MessageRow = Pick<
  NotificationMessagesTable,
  | 'id'
  | 'tenant_id'
  | 'dedupe_key'
  | 'message_type'
  | 'recipient'
  | 'customer_id'
  | 'ticket_id'
  | 'booking_id'
  | 'language'
  | 'subject'
  | 'body'
  | 'encoding'
  | 'segments'
  | 'skip_reason'
  | 'fallback_of'
> & {
  channel: Channel;
  cost: number | null;
  status: 'queued' | 'skipped';
  next_attempt_at: Date;
  created_at: Date;
  updated_at: Date;
};

/** Under this share of its allowance left, a business is told its SMS balance is low. */
const LOW_BALANCE = 0.1;

/** Rows written a statement at a time: a reminder sweep may record thousands in one transaction. */
const CHUNK = 500;

/**
 * One business's new rows, in a few statements whatever their number: the causes recorded
 * already are left out, then each SMS in turn takes its segments from the allowance (its row
 * locked until the commit) while they fit and is skipped once they do not, so nothing is
 * half-sent; the staff are told once a day that SMS were skipped.
 */
async function insertRows(db: Db, tenantId: string, rows: MessageRow[], now: Date, zone: string | null | undefined): Promise<Recorded> {
  if (!rows.length) return { queued: 0, skipped: 0 };
  // The allowance row is locked before the causes are looked up: two recorders of one cause at
  // once (a kiosk texting its ticket and the reactor) take turns, and the second sees the first's row.
  const held = rows.some((r) => r.cost !== null) ? await holdAllowance(db, tenantId, now) : null;
  const keys = rows.map((r) => r.dedupe_key);
  const seen = new Set<string>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const found = await db
      .selectFrom('notification_messages')
      .select('dedupe_key')
      .where('tenant_id', '=', tenantId)
      .where('dedupe_key', 'in', keys.slice(i, i + CHUNK))
      .execute();
    for (const f of found) seen.add(f.dedupe_key);
  }
  // Recorded already, or twice in this batch: once only.
  const fresh: MessageRow[] = [];
  for (const r of rows) {
    if (seen.has(r.dedupe_key)) continue;
    seen.add(r.dedupe_key);
    fresh.push(r);
  }
  const costs = fresh.filter((r) => r.cost !== null);
  if (costs.length && held) {
    const { allowance } = held;
    let consumed = held.consumed;
    for (const r of costs) {
      if (consumed + r.cost! <= allowance) consumed += r.cost!;
      else Object.assign(r, { status: 'skipped', skip_reason: 'sms_allowance_used_up' });
    }
    // The window is written with the consumption: a new window's first SMS starts it from 0.
    await db
      .updateTable('sms_allowances')
      .set({ consumed, allowance, window_starts_at: held.window_starts_at, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .execute();
    // The bell says so when this batch took the balance under a tenth of the allowance, once a day.
    if (allowance > 0 && consumed > held.consumed && allowance - consumed < allowance * LOW_BALANCE && allowance - held.consumed >= allowance * LOW_BALANCE)
      await noticeStaff(db, tenantId, 'sms_balance_low', `sms-low:${localDay(now, zone ?? 'UTC')}`, { allowance, consumed, balance: allowance - consumed });
  }
  for (let i = 0; i < fresh.length; i += CHUNK) {
    await db
      .insertInto('notification_messages')
      .values(fresh.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(['tenant_id', 'dedupe_key']).doNothing())
      .execute();
  }
  const skipped = fresh.filter((r) => r.status === 'skipped');
  if (skipped.length) await noticeStaff(db, tenantId, 'sms_balance_exhausted', `sms-used-up:${localDay(now, zone ?? 'UTC')}`, { skipped: skipped.length });
  return { queued: fresh.length - skipped.length, skipped: skipped.length };
}

/**
 * The business's allowance row, made where missing, locked until the caller's commit, with what
 * the current window (the package it uses now, the month of a paid period) has consumed: a row
 * of an older window counts as 0.
 */
async function holdAllowance(db: Db, tenantId: string, now: Date): Promise<{ allowance: number; consumed: number; window_starts_at: Date | null }> {
  const window = smsWindowAt(await allowanceMembership(db, tenantId), now);
  await db
    .insertInto('sms_allowances')
    .values({ tenant_id: tenantId, allowance: window.allowance, consumed: 0, window_starts_at: window.starts_at })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('sms_allowances')
    .select(['consumed', 'window_starts_at'])
    .where('tenant_id', '=', tenantId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { allowance: window.allowance, consumed: consumedIn(row, window), window_starts_at: window.starts_at };
}

/** A notice in the staff's bell, once per dedupe key. */
export async function noticeStaff(db: Db, tenantId: string, kind: StaffNotificationKind, dedupeKey: string, payload: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('staff_notifications')
    .values({ id: randomUUID(), tenant_id: tenantId, kind, dedupe_key: dedupeKey, payload: JSON.stringify(payload) })
    .onConflict((oc) => oc.columns(['tenant_id', 'dedupe_key']).doNothing())
    .execute();
}
