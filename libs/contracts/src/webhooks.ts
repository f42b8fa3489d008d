/**
 * Signed webhooks (docs/integrations-webhooks.md): a business's subscriptions and their delivery
 * log, as GET/POST/PATCH /business/integrations/webhooks answer them.
 */
import type { Instant } from './instants';

/** Subscribes to every public event type, present and future. */
export const WEBHOOK_ALL_TYPES = '*';

/** Why a webhook stopped by itself: its receiver failed for longer than the horizon. */
export type WebhookDisabledReason = 'failing';

export interface Webhook<At = Instant> {
  id: string;
  url: string;
  /** Public event types (`ticket.called` …), or `['*']` for all. */
  event_types: string[];
  enabled: boolean;
  description: string | null;
  /** Set when the installation turned it off; cleared when the business turns it on again. */
  disabled_reason: WebhookDisabledReason | null;
  /** Since when every delivery has failed; null while it is healthy. */
  failing_since: At | null;
  last_success_at: At | null;
  /** Deliveries waiting to be sent (queued or being sent). */
  pending: number;
  created_at: At;
  updated_at: At;
}

/** The answer to a creation or a secret's rotation: the only time the secret is shown. */
export interface WebhookWithSecret<At = Instant> extends Webhook<At> {
  secret: string;
}

export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'sending', 'delivered', 'cancelled'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/** What recorded a delivery: an event as it happened, a redelivery asked for, a replay from a position. */
export type WebhookDeliveryCause = 'event' | 'redeliver' | 'replay';

/** One row of a webhook's delivery log. */
export interface WebhookDelivery<At = Instant> {
  id: string;
  /** The public event's id (the envelope's `id`): a redelivery repeats it. */
  event_id: string;
  event_type: string;
  position: number;
  cause: WebhookDeliveryCause;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The receiver's last HTTP status, null when it could not be reached. */
  response_status: number | null;
  /** The first bytes of the receiver's last answer. */
  response_body: string | null;
  /** Why the last attempt failed (a timeout, a refused connection, a status). */
  error: string | null;
  duration_ms: number | null;
  next_attempt_at: At | null;
  created_at: At;
  attempted_at: At | null;
  delivered_at: At | null;
}

/** The answer of "replay from position N": how many deliveries were queued, and where to go on from when it stopped early. */
export interface WebhookReplay {
  queued: number;
  /** null when the replay reached the end of the log; else call again from this position. */
  next_position: number | null;
}

/** Events one replay call queues at most; the answer names where to carry on. */
export const WEBHOOK_REPLAY_MAX = 5000;
