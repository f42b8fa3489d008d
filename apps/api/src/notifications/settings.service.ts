import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import {
  CHANNELS,
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_SMS_SETTINGS,
  LANGUAGES,
  MESSAGE_TYPES,
  TEMPLATE_PLACEHOLDERS,
  type Language,
  type MessageTemplate,
  type MessageType,
  type NotificationSettings,
  type SmsBalance,
  type SmsSettingsAnswer,
  type TemplatePreview,
} from '@tabour/contracts';
import type { Actor } from '@tabour/eventstore';
import {
  checkTemplateKey,
  defaultTemplate,
  formatBookingTime,
  formatTimeOfDay,
  notificationSettingsDecider,
  notificationSettingsStream,
  renderTemplate,
  smsBalanceOf,
  smsSegments,
  templateId,
  templateProblems,
  type NotificationSettingsCommand,
  type PlaceholderValues,
  type TemplateKey,
} from '@tabour/notifications';
import { businessDecider, businessStream, type BusinessRegisteredOrigin } from '@tabour/organisation';
import { AppConfig, Db, type UserPrincipal } from '@tabour/platform';
import { Clock } from '../accounts/clock';
import { actorOf } from '../common/actor';
import { APP_CONFIG, DB } from '../common/tokens';
import { BusinessCalendar, BusinessDirectory } from '../organisation/calendar';
import { Commands } from '../common/commands';

type Business = { business_id: string };
type Distribute<C> = C extends unknown ? Omit<C, 'business_id'> : never;

/** A customer's name in each language's script, so a preview shows what the customer will read. */
const SAMPLE_NAME: Record<Language, string> = { ar: 'أمينة', de: 'Anna', en: 'Amina', es: 'Lucía', fr: 'Amina', pt: 'João', ru: 'Анна' };

/**
 * The business's notification settings, SMS settings and templates (docs/notifications.md):
 * one stream per business through the one command handler; the sender name stays the
 * organisation's own field, changed through the business's command.
 */
@Injectable()
export class NotificationSettingsService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: Commands,
    private readonly clock: Clock,
    private readonly businesses: BusinessDirectory,
    private readonly calendar: BusinessCalendar,
  ) {}

  private run(tenantId: string, actor: Actor, command: Distribute<NotificationSettingsCommand>) {
    const full = { ...command, business_id: tenantId } as NotificationSettingsCommand & Business;
    return this.commands.run(notificationSettingsDecider, notificationSettingsStream(tenantId), full, { tenantId, actor });
  }

  private async row(tenantId: string) {
    return this.db.selectFrom('notification_settings').select(['settings', 'sms']).where('tenant_id', '=', tenantId).executeTakeFirst();
  }

  private profile(tenantId: string) {
    return this.businesses.profile(tenantId);
  }

  async settings(tenantId: string): Promise<NotificationSettings> {
    const row = await this.row(tenantId);
    return row ? { ...DEFAULT_NOTIFICATION_SETTINGS, ...row.settings } : DEFAULT_NOTIFICATION_SETTINGS;
  }

  async changeSettings(user: UserPrincipal, input: Record<string, unknown>): Promise<NotificationSettings> {
    await this.run(user.tenantId, actorOf(user), { type: 'ChangeNotificationSettings', input });
    return this.settings(user.tenantId);
  }

  /** What the business may still send in the current window of its allowance (the package it uses now). */
  balance(tenantId: string): Promise<SmsBalance> {
    return smsBalanceOf(this.db, tenantId, this.clock.now());
  }

  async smsSettings(tenantId: string): Promise<SmsSettingsAnswer> {
    const [row, profile, balance] = await Promise.all([this.row(tenantId), this.profile(tenantId), this.balance(tenantId)]);
    return {
      sender_name: profile?.sms_sender_name ?? null,
      enabled_types: row?.sms.enabled_types ?? [...DEFAULT_SMS_SETTINGS.enabled_types],
      fallback_to_email: row?.sms.fallback_to_email ?? DEFAULT_SMS_SETTINGS.fallback_to_email,
      balance,
    };
  }

  /**
   * Both decisions are checked before either is recorded, so a refused type list does not
   * leave a new sender name behind (and the other way round).
   */
  async changeSmsSettings(user: UserPrincipal, input: { sender_name?: string | null; enabled_types?: unknown; fallback_to_email?: unknown }) {
    const { sender_name, ...preferences } = input;
    const tenantId = user.tenantId;
    const actor = actorOf(user);
    const sms: NotificationSettingsCommand = { type: 'ChangeSmsSettings', business_id: tenantId, input: preferences };
    const business = { type: 'UpdateBusinessInformation' as const, business_id: tenantId, changes: { sms_sender_name: sender_name } };
    const businessHooks = { tenantId, actor, origin: () => this.commands.registration<BusinessRegisteredOrigin>(tenantId) };
    await this.commands.check(notificationSettingsDecider, notificationSettingsStream(tenantId), sms);
    if (sender_name !== undefined) await this.commands.run(businessDecider, businessStream(tenantId), business, businessHooks);
    await this.commands.run(notificationSettingsDecider, notificationSettingsStream(tenantId), sms, { tenantId, actor });
    return this.smsSettings(tenantId);
  }

  /** Every type × language × channel: the business's own where it wrote one, else the default. */
  async templates(tenantId: string, filter: { type?: string; language?: string; channel?: string } = {}): Promise<MessageTemplate[]> {
    let q = this.db.selectFrom('message_templates').select(['message_type', 'language', 'channel', 'subject', 'body']).where('tenant_id', '=', tenantId);
    if (filter.type) q = q.where('message_type', '=', filter.type);
    if (filter.language) q = q.where('language', '=', filter.language);
    if (filter.channel) q = q.where('channel', '=', filter.channel);
    const own = new Map(
      (await q.execute()).map((r) => [templateId(r as TemplateKey), { subject: r.subject, body: r.body } as { subject: string | null; body: string }]),
    );
    const out: MessageTemplate[] = [];
    for (const type of MESSAGE_TYPES.filter((t) => !filter.type || t === filter.type))
      for (const language of LANGUAGES.filter((l) => !filter.language || l === filter.language))
        for (const channel of CHANNELS.filter((c) => !filter.channel || c === filter.channel)) {
          const custom = own.get(templateId({ message_type: type, language, channel }));
          if (!custom) out.push(defaultTemplate(type, language, channel));
          else
            out.push(
              channel === 'sms'
                ? { type, language, channel, body: custom.body, custom: true }
                : { type, language, channel, body: custom.body, subject: custom.subject ?? undefined, custom: true },
            );
        }
    return out;
  }

  async template(tenantId: string, key: TemplateKey): Promise<MessageTemplate> {
    const [one] = await this.templates(tenantId, { type: key.message_type, language: key.language, channel: key.channel });
    return one;
  }

  async saveTemplate(user: UserPrincipal, path: { type: string; language: string; channel: string }, body: { body: string; subject?: string | null }) {
    const key = checkTemplateKey(path.type, path.language, path.channel);
    await this.run(user.tenantId, actorOf(user), { type: 'SaveMessageTemplate', key, body: body.body, subject: body.subject });
    return this.template(user.tenantId, key);
  }

  async resetTemplate(user: UserPrincipal, path: { type: string; language: string; channel: string }) {
    const key = checkTemplateKey(path.type, path.language, path.channel);
    await this.run(user.tenantId, actorOf(user), { type: 'ResetMessageTemplate', key });
    return this.template(user.tenantId, key);
  }

  /** The text with sample values for the type's placeholders, and what it costs as an SMS. */
  async preview(
    tenantId: string,
    input: { type: string; language: string; channel?: string; body: string; subject?: string | null },
  ): Promise<TemplatePreview> {
    const type = input.type as MessageType;
    const language = input.language as Language;
    const [profile, zone] = await Promise.all([this.profile(tenantId), this.calendar.zone(tenantId)]);
    const values = this.sampleValues(type, language, profile?.name ?? '', zone);
    const body = renderTemplate(input.body, values);
    const subject = input.channel === 'sms' || input.subject === undefined || input.subject === null ? null : renderTemplate(input.subject, values);
    return {
      subject,
      body,
      problems: {
        body: templateProblems(type, input.body),
        subject: subject === null ? [] : templateProblems(type, input.subject as string),
      },
      sms: smsSegments(body),
    };
  }

  private sampleValues(type: MessageType, language: Language, business: string, zone: string): PlaceholderValues {
    const now = DateTime.now().setZone(zone);
    const tomorrow = now.plus({ days: 1 }).set({ hour: 9, minute: 30, second: 0, millisecond: 0 });
    const closing = now.set({ hour: 18, minute: 0, second: 0, millisecond: 0 });
    const base = this.config.publicUrl.replace(/\/$/, '');
    const all: PlaceholderValues = {
      name: SAMPLE_NAME[language],
      business,
      department: 'Consultation',
      services: 'Consultation',
      booking_time: formatBookingTime(tomorrow.toISO()!, zone, language),
      queue: 'Consultation',
      previous_queue: 'Accueil',
      ticket_number: 'A042',
      ticket_link: `${base}/t/3f9c1a7e`,
      feedback_link: `${base}/f/3f9c1a7e`,
      place: 3,
      estimate_minutes: 12,
      counter: 2,
      delay_minutes: 15,
      closing_time: formatTimeOfDay(closing.toISO()!, zone, language),
      reason: '',
    };
    return Object.fromEntries(TEMPLATE_PLACEHOLDERS[type].map((p) => [p, all[p]]));
  }

  /** A number answered STOP (the replies reactor) or the staff took it off: no more SMS to it from this business. */
  async optOut(tenantId: string, actor: Actor, phone: string) {
    const country = (await this.profile(tenantId))?.country ?? null;
    return this.run(tenantId, actor, { type: 'OptOutSmsNumber', phone, country });
  }

  async optIn(tenantId: string, actor: Actor, phone: string) {
    const country = (await this.profile(tenantId))?.country ?? null;
    return this.run(tenantId, actor, { type: 'OptInSmsNumber', phone, country });
  }
}
