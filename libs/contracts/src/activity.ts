/**
 * The activity log's wire shape: each event comes as a sentence key with its parameters, the
 * web words it in the interface language (catalogue namespace `activity`). Record names are
 * resolved by the API; personal parameters are null when the reader may not see them or the
 * record was erased.
 */

/** Who caused an event, as the log names it. */
export const ACTIVITY_ACTOR_KINDS = ['staff', 'kiosk', 'display', 'customer_link', 'sms', 'system'] as const;
export type ActivityActorKind = (typeof ACTIVITY_ACTOR_KINDS)[number];

/** What an event is about: a ticket lives in its queue's stream, the others have their own. */
export const ACTIVITY_RECORD_KINDS = [
  'ticket',
  'queue',
  'counter',
  'queue_request',
  'booking',
  'booking_request',
  'customer',
  'department',
  'service',
  'member',
  'holiday',
  'business',
  'account',
  'user',
  'kiosk',
  'display',
  'other',
] as const;
export type ActivityRecordKind = (typeof ACTIVITY_RECORD_KINDS)[number];

/** The queue's own events (a queue's stream): the queues' decider folds them and its projections subscribe by this list. */
export const QUEUE_EVENT_TYPES = [
  'QueueCreated',
  'QueueUpdated',
  'QueueDeleted',
  'QueuePaused',
  'QueueResumed',
  'QueueDelayed',
  'CounterCreated',
  'CounterUpdated',
  'CounterDeleted',
  'CounterOpened',
  'CounterClosed',
  'TicketPushed',
  'TicketRedirectedIn',
  'TicketRestored',
  'TicketCalled',
  'TicketReturnedToWaiting',
  'TicketMoved',
  'TicketsSwapped',
  'TicketHeld',
  'TicketEnded',
  'TicketMarkedNoShow',
  'TicketMarkedAbsent',
  'TicketRevoked',
  'TicketClosedAtDayEnd',
  'TicketRedirectedOut',
  'TicketUrgencyChanged',
  'TicketNoteAdded',
  'TicketMemberChanged',
  'TicketServiceTimeChanged',
] as const;

/** A booking's events (its stream), as the bookings' decider folds them. */
export const BOOKING_EVENT_TYPES = [
  'BookingCreated',
  'BookingRescheduled',
  'BookingUpdated',
  'BookingCancelled',
  'BookingDeleted',
  'BookingMarkedNoShow',
  'BookingCompleted',
  'BookingCheckedIn',
] as const;

/** A membership's events (the business's billing stream), as the billing decider folds them. */
export const MEMBERSHIP_EVENT_TYPES = [
  'MembershipPurchased',
  'MembershipPlanChanged',
  'MembershipRenewed',
  'MembershipRenewalFailed',
  'MembershipLapsed',
  'MembershipCancellationScheduled',
  'MembershipCancellationWithdrawn',
  'MembershipChangeScheduled',
  'MembershipTrialEnded',
  'InvoiceIssued',
  'BillingDetailsUpdated',
  'PaymentMethodAdded',
  'PaymentMethodRemoved',
  'DefaultPaymentMethodChanged',
] as const;

/** The event types worded by a sentence of their own; any other reads as the generic sentence. */
export const ACTIVITY_SENTENCE_TYPES = [
  ...QUEUE_EVENT_TYPES,
  'TicketFeedbackGiven',
  'QueueRequestSubmitted',
  'QueueRequestUpdated',
  'QueueRequestApproved',
  'QueueRequestDeclined',
  ...BOOKING_EVENT_TYPES,
  'BookingRequested',
  'BookingRequestApproved',
  'BookingRequestDeclined',
  'BookingPaymentRecorded',
  'BookingPaymentDeleted',
  'CustomerRegistered',
  'CustomerUpdated',
  'CustomerCategoryChanged',
  'CustomerAttachmentAdded',
  'CustomerAttachmentRemoved',
  'CustomerErased',
  'DepartmentCreated',
  'DepartmentUpdated',
  'DepartmentDeleted',
  'ServiceCreated',
  'ServiceUpdated',
  'ServiceDeleted',
  'HolidayCreated',
  'HolidayDeleted',
  'TeamMemberAdded',
  'TeamMemberUpdated',
  'TeamMemberRemoved',
  'KioskCreated',
  'KioskDeleted',
  'DisplayCreated',
  'DisplayDeleted',
  'BusinessRegistered',
  'BusinessApproved',
  'UserCreated',
  'UserRemoved',
  'UserProfileUpdated',
  'UserPasswordChanged',
  'PasswordResetRequested',
  'MembershipTrialStarted',
  'MembershipPackageChanged',
  ...MEMBERSHIP_EVENT_TYPES,
  'AccountSettingsUpdated',
  'BusinessHistoryDeleted',
  'CategoryCreated',
  'CategoryUpdated',
  'CategoryDeleted',
  'PaymentSettingsUpdated',
] as const;
export type ActivitySentenceType = (typeof ACTIVITY_SENTENCE_TYPES)[number];

/** The parameters a sentence may name; absent or null ones are worded as unknown or hidden. */
export interface ActivityParams {
  /** Who did it (a staff name, a device's name), or null for the system and a customer's link. */
  actor: string | null;
  /** The record's name: a ticket label, a queue's or department's name, a customer's name. */
  record: string | null;
  ticket?: string | null;
  queue?: string | null;
  counter?: string | null;
  /** A customer's name: null when hidden or erased. */
  customer?: string | null;
  /** A local date and time in the business's zone (YYYY-MM-DD HH:mm). */
  time?: string | null;
  previous_time?: string | null;
  reason?: string | null;
  /** Personal free text (a note, feedback): null when hidden or erased. */
  text?: string | null;
  stars?: number | null;
  rank?: number | null;
  minutes?: number | null;
  urgent?: boolean | null;
  /** A business's package (TRIAL, FREE, LIBERUP, LIBERPRO). */
  package?: string | null;
  /** The rooms and equipment a booking holds, by name, joined (empty: none since a change). */
  resources?: string | null;
  /** The event type, for the generic sentence. */
  event?: string;
}

export interface ActivityActor {
  kind: ActivityActorKind;
  id: string | null;
  name: string | null;
  /** Why the system acted (a job's or rule's name), or the device or link it came from. */
  via: string | null;
}

export interface ActivityRecord {
  kind: ActivityRecordKind;
  id: string;
  stream_id: string;
  label: string | null;
}

/** Why a personal part is missing: the reader's role may not see it, or it was erased. */
export type ActivityPersonal = 'shown' | 'hidden' | 'erased' | 'none';

export interface ActivityItem {
  id: number;
  position: number;
  type: string;
  category: string;
  stream_id: string;
  recorded_at: string;
  actor: ActivityActor;
  record: ActivityRecord;
  sentence: { key: ActivitySentenceType | 'generic'; params: ActivityParams };
  personal: ActivityPersonal;
  correlation_id: string | null;
  /** The stored event, opened for those who may read it; personal parts otherwise left out. */
  data: unknown;
}

/** A record's state folded from its events up to a moment. */
export interface ActivityState {
  record: ActivityRecord;
  at: string;
  /** How many of the record's events were folded. */
  events: number;
  exists: boolean;
  fields: Record<string, string | number | boolean | null>;
}
