import { DateTime } from 'luxon';
import type { ActivityItem, ActivityParams } from '@tabour/contracts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A local "YYYY-MM-DD HH:mm" from the API (already in the business's zone), in the reader's language. */
export function localText(value: string | null | undefined, locale: string): string | null {
  if (!value) return null;
  const d = DateTime.fromFormat(value, 'yyyy-MM-dd HH:mm');
  return d.isValid ? d.setLocale(locale).toLocaleString(DateTime.DATETIME_MED) : value;
}

/** Who did it, as a sentence names them. */
export function actorText(item: Pick<ActivityItem, 'actor'>, translate: Translate): string {
  const { kind, name } = item.actor;
  if (kind === 'staff') return name ?? translate('activity.actors.staff');
  if (kind === 'kiosk' || kind === 'display') return translate(`activity.actor_named.${kind}`, { name: name ?? '' }).trim();
  return translate(`activity.actor_named.${kind}`);
}

/**
 * The event in the interface language: the sentence of its key with every parameter filled,
 * a hidden or erased customer read as "a customer", codes (reasons) worded by the catalogue.
 */
export function sentence(item: Pick<ActivityItem, 'actor' | 'sentence' | 'type'>, translate: Translate, locale: string): string {
  const p: ActivityParams = item.sentence.params;
  const dash = '—';
  const values: Record<string, string | number> = {
    actor: actorText(item, translate),
    record: localText(p.record && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(p.record) ? p.record : null, locale) ?? p.record ?? translate('activity.unnamed'),
    ticket: p.ticket ?? dash,
    queue: p.queue ?? dash,
    counter: p.counter ?? dash,
    customer: p.customer ?? translate('activity.someone'),
    time: localText(p.time, locale) ?? dash,
    previous_time: localText(p.previous_time, locale) ?? dash,
    reason: p.reason ? translate(`activity.reasons.${p.reason}`, { _: p.reason }) : dash,
    text: p.text ?? '…',
    stars: p.stars ?? dash,
    rank: p.rank ?? dash,
    minutes: p.minutes ?? dash,
    package: p.package ?? dash,
    event: p.event ?? item.type,
  };
  const text = translate(`activity.events.${item.sentence.key}`, values);
  // A booking's rooms and equipment follow its sentence: those it was made with, or its new set.
  if (p.resources == null) return text;
  return translate('activity.with_resources', { sentence: text, resources: p.resources || translate('activity.resources_none') });
}
