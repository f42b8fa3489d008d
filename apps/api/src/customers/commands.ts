import { Injectable } from '@nestjs/common';
import { Actor, NewEvent, RecordedEvent, uniqueViolation } from '@tabour/eventstore';
import {
  CustomerCommand,
  customerDecider,
  CustomerEvent,
  CustomerState,
  customerStream,
  openEvent,
  privacyDecider,
  PrivacyCommand,
  PrivacyEvent,
  privacyStream,
  sealEvent,
} from '@tabour/customers';
import { invalid } from '@tabour/platform';
import { Commands } from '../common/commands';
import { BusinessCalendar, BusinessDirectory } from '../organisation/calendar';
import { CustomerKeys } from './keys';

export interface RunContext {
  tenantId: string;
  actor: Actor;
}

const DUPLICATE_IID = 'The internal id is already used by another customer';
const duplicateInternalId = uniqueViolation(/internal_id/, () => invalid(DUPLICATE_IID, { internal_id: [DUPLICATE_IID] }, 'duplicate_internal_id'));

/** Calls `make` once, on first use, and answers the same promise after. */
function lazy<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/**
 * Customer commands through the command gateway: stored events are opened with the
 * customer's key, new ones sealed with it before the append; the inline projection opens them
 * again inside the append's transaction.
 */
@Injectable()
export class CustomerCommands {
  constructor(
    private readonly commands: Commands,
    readonly keys: CustomerKeys,
    private readonly businesses: BusinessDirectory,
    private readonly calendar: BusinessCalendar,
  ) {}

  /** The key is read only when the stream has events to open. */
  private opener(customerId: string): (e: RecordedEvent) => Promise<CustomerEvent> {
    const key = lazy(() => this.keys.get(customerId));
    return async (e) => openEvent<CustomerEvent>(e, await key());
  }

  async load(customerId: string): Promise<{ state: CustomerState; revision: number | null }> {
    return this.commands.load(customerDecider, customerStream(customerId), { open: this.opener(customerId) });
  }

  /**
   * `fresh`: the caller knows the stream is new (an id it just made), so the read is skipped;
   * `key`: a key already made for it.
   */
  async run(
    command: CustomerCommand,
    ctx: RunContext,
    options: { fresh?: boolean; key?: Buffer } = {},
  ): Promise<{ state: CustomerState; events: CustomerEvent[] }> {
    const id = command.customer_id;
    // Made only when there is something to seal, and once across retries.
    const key = options.key ? async () => options.key! : lazy(async () => (await this.keys.ensure(ctx.tenantId, [id])).get(id)!);
    const { state, events } = await this.commands.run(customerDecider, customerStream(id), command, {
      ...ctx,
      fresh: options.fresh,
      open: this.opener(id),
      seal: async (e) => sealEvent(e, await key()) as NewEvent,
      onAppendError: async (err) => {
        // A customer that was never stored keeps no key.
        if (command.type === 'RegisterCustomer') await this.keys.dropUnused(id);
        return duplicateInternalId(err);
      },
    });
    return { state, events };
  }

  async privacy(command: PrivacyCommand, ctx: RunContext): Promise<PrivacyEvent[]> {
    return (await this.commands.run(privacyDecider, privacyStream(command.business_id), command, ctx)).events;
  }
  /** The business's country from the organisation read model: the default for phone numbers. */
  async country(tenantId: string): Promise<string | null> {
    return (await this.business(tenantId)).country;
  }

  /**
   * The business's country (phone numbers are read with it) and its date today in its own zone:
   * a date of birth may not be later, and just after midnight there it is already that day.
   */
  async business(tenantId: string): Promise<{ country: string | null; today: string }> {
    const [profile, today] = await Promise.all([this.businesses.profile(tenantId), this.calendar.today(tenantId)]);
    return { country: profile?.country ?? null, today };
  }
}
