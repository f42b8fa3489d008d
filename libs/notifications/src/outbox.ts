import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_SMS_SETTINGS,
  type Channel,
  type Language,
  type MessageType,
  type NotificationSettings,
  type SmsSettings,
} from '@tabour/contracts';
import { membershipView, type ChosenPackage, type Plan } from '@tabour/accounts';
import type { ProjectionDb } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { channelsFor } from './message-types';
import { smsSegments } from './segments';
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
}

/** What recording did, for logs and the bench. */
export interface Recorded {
  queued: number;
  skipped: number;
}

/** An SMS is counted against the allowance by its segments, as the provider bills it. */
const smsCost = (segments: number) => segments;

type Db = ProjectionDb<Database>;

/** The business's settings, or the defaults where it never changed them. */
async function settingsOf(db: Db, tenantId: string): Promise<{ settings: NotificationSettings; sms: SmsSettings }> {
  const row = await db.selectFrom('notification_settings').select(['settings', 'sms']).where('tenant_id', '=', tenantId).executeTakeFirst();
  return {
    settings: row ? { ...DEFAULT_NOTIFICATION_SETTINGS, ...row.settings } : DEFAULT_NOTIFICATION_SETTINGS,
    sms: row ? { ...DEFAULT_SMS_SETTINGS, ...row.sms } : DEFAULT_SMS_SETTINGS,
  };
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
    const { settings, sms } = await settingsOf(db, tenantId);
    const customerIds = [...new Set(list.map((i) => i.customer_id).filter((id): id is string => !!id))];
    const ticketIds = [...new Set(list.map((i) => i.ticket_id).filter((id): id is string => !!id))];
    const [business, owner, customers, pushes, templates] = await Promise.all([
      db.selectFrom('business_profiles').select(['name', 'time_zone']).where('tenant_id', '=', tenantId).executeTakeFirst(),
      db.selectFrom('users').select(['language']).where('tenant_id', '=', tenantId).where('role', '=', 'OWNER').executeTakeFirst(),
      customerIds.length
        ? db
            .selectFrom('customers')
            .select(['id', 'first_name', 'last_name', 'phone', 'email', 'preferred_language'])
            .where('tenant_id', '=', tenantId)
            .where('id', 'in', customerIds)
            .execute()
        : [],
      ticketIds.length
        ? db.selectFrom('push_subscriptions').select(['ticket_id', 'id']).where('tenant_id', '=', tenantId).where('ticket_id', 'in', ticketIds).execute()
        : [],
      db.selectFrom('message_templates').select(['message_type', 'language', 'channel', 'subject', 'body']).where('tenant_id', '=', tenantId).execute(),
    ]);
    const customerById = new Map(customers.map((c) => [c.id, c]));
    const pushByTicket = new Map<string, string[]>();
    for (const p of pushes) pushByTicket.set(p.ticket_id, [...(pushByTicket.get(p.ticket_id) ?? []), p.id]);
    const custom = new Map(templates.map((t) => [`${t.message_type}/${t.language}/${t.channel}`, t]));
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

    for (const intent of list) {
      const c = intent.customer_id ? customerById.get(intent.customer_id) : undefined;
      const phone = e164(intent.contact?.phone ?? c?.phone);
      const email = intent.contact?.email ?? c?.email ?? null;
      const pushIds = intent.ticket_id ? (pushByTicket.get(intent.ticket_id) ?? []) : [];
      const language: Language = pickLanguage(intent.contact?.language ?? c?.preferred_language, owner?.language);
      const name = intent.contact?.name ?? ([c?.first_name, c?.last_name].filter(Boolean).join(' ') || null);
      const values: PlaceholderValues = {
        business: business?.name ?? '',
        name,
        ...(intent.starts_at ? { booking_time: formatBookingTime(intent.starts_at, business?.time_zone ?? 'UTC', language) } : {}),
        ...intent.values,
      };
      let channels = channelsFor(intent.type, settings, sms, { phone, email, push: pushIds.length > 0, sms_opted_out: !!phone && optedOut.has(phone) });
      if (intent.only) channels = channels.filter((ch) => intent.only!.includes(ch));
      for (const channel of channels) {
        const t = custom.get(`${intent.type}/${language}/${channel}`) ?? defaultTemplate(intent.type, language, channel);
        const body = intent.text?.body ?? renderTemplate(t.body, values);
        const subject = intent.text ? (intent.text.subject ?? String(values.business ?? '')) : t.subject ? renderTemplate(t.subject, values) : null;
        const recipients = channel === 'sms' ? [phone!] : channel === 'email' ? [email!] : pushIds;
        for (const recipient of recipients) {
          const size = channel === 'sms' ? smsSegments(body) : null;
          const row = {
            id: randomUUID(),
            tenant_id: tenantId,
            dedupe_key: `${intent.cause}:${intent.type}:${channel}${channel === 'push' ? `:${recipient}` : ''}`,
            message_type: intent.type,
            channel,
            recipient,
            customer_id: intent.customer_id,
            ticket_id: intent.ticket_id ?? null,
            booking_id: intent.booking_id ?? null,
            language,
            subject,
            body,
            encoding: size?.encoding ?? null,
            segments: size?.segments ?? null,
            cost: size ? smsCost(size.segments) : null,
            status: 'queued',
            skip_reason: null as string | null,
            fallback_of: intent.fallback_of ?? null,
            next_attempt_at: now,
            created_at: now,
            updated_at: now,
          };
          if (size && !(await takeAllowance(db, tenantId, smsCost(size.segments), now))) {
            row.status = 'skipped';
            row.skip_reason = 'sms_allowance_used_up';
            await noticeStaff(db, tenantId, 'sms_allowance_used_up', `sms-used-up:${now.toISOString().slice(0, 10)}`, { message_type: intent.type });
          }
          const inserted = await db
            .insertInto('notification_messages')
            .values(row)
            .onConflict((oc) => oc.columns(['tenant_id', 'dedupe_key']).doNothing())
            .executeTakeFirst();
          if (!Number(inserted.numInsertedOrUpdatedRows)) {
            // A repeat of a recorded cause gives the segments back: they were counted the first time.
            if (size && row.status === 'queued') await giveBackAllowance(db, tenantId, smsCost(size.segments));
            continue;
          }
          if (row.status === 'skipped') out.skipped++;
          else out.queued++;
        }
      }
    }
  }
  return out;
}

/** The business's SMS allowance under its membership (the accounts context's catalogue). */
async function allowanceOf(db: Db, tenantId: string, now: Date): Promise<number> {
  const m = await db
    .selectFrom('business_accounts')
    .select(['trial_ends_at', 'trial_sms', 'package', 'plan', 'package_ends_at', 'sms_consumed'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!m) return 0;
  return membershipView(
    {
      trial_ends_at: m.trial_ends_at,
      trial_sms: m.trial_sms,
      package: m.package as ChosenPackage | null,
      plan: m.plan as Plan | null,
      package_ends_at: m.package_ends_at,
      sms_consumed: 0,
    },
    now,
  ).sms.allowance;
}

/** Takes `units` from the business's allowance when they fit; the row is locked until the caller's commit. */
async function takeAllowance(db: Db, tenantId: string, units: number, now: Date): Promise<boolean> {
  const allowance = await allowanceOf(db, tenantId, now);
  await db
    .insertInto('sms_allowances')
    .values({ tenant_id: tenantId, allowance, consumed: 0 })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  const taken = await db
    .updateTable('sms_allowances')
    .set({ consumed: sql`consumed + ${units}`, allowance, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where(sql<boolean>`consumed + ${units} <= ${allowance}`)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

async function giveBackAllowance(db: Db, tenantId: string, units: number): Promise<void> {
  await db
    .updateTable('sms_allowances')
    .set({ consumed: sql`greatest(consumed - ${units}, 0)` })
    .where('tenant_id', '=', tenantId)
    .execute();
}

/** A notice in the staff's bell, once per dedupe key. */
export async function noticeStaff(db: Db, tenantId: string, kind: string, dedupeKey: string, payload: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('staff_notifications')
    .values({ id: randomUUID(), tenant_id: tenantId, kind, dedupe_key: dedupeKey, payload: JSON.stringify(payload) })
    .onConflict((oc) => oc.columns(['tenant_id', 'dedupe_key']).doNothing())
    .execute();
}
