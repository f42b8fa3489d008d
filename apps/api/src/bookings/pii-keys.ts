import { Inject, Injectable } from '@nestjs/common';
import { bookingPiiSubject, ensureBookingKeys, holdNewBookingKey, openBookingEvents, sealBookingEvent } from '@tabour/bookings';
import { NewEvent, RecordedEvent } from '@tabour/eventstore';
import { Db } from '@tabour/platform';
import { DB } from '../common/tokens';

type AnyEvent = { type: string; data: unknown };

/**
 * The data keys of bookings and booking requests (docs/bookings.md, "Personal data in booking
 * events"): the command handler's `seal` and `open` hooks for their streams.
 */
@Injectable()
export class BookingPiiKeys {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** The `seal` hook: a subject's key is made on its first personal event, and a destroyed one drops the text. */
  sealer<E extends AnyEvent>(tenantId: string): (e: E) => Promise<NewEvent> {
    return async (e) => {
      const s = bookingPiiSubject(e);
      if (!s) return e;
      return sealBookingEvent(e, (await ensureBookingKeys(this.db, tenantId, [s])).get(s) ?? null);
    };
  }

  /**
   * The `seal` hook of a booking whose id was just made here, so no key can stand for it yet:
   * its key is made in memory and stored in the transaction of the append that creates the
   * booking (bookingPiiKeysProjection), not committed on its own before it. `release` lets go
   * of the key once the append is settled; other subjects are sealed as `sealer` does.
   */
  newBookingSealer<E extends AnyEvent>(tenantId: string, bookingId: string): { seal: (e: E) => Promise<NewEvent>; release(): void } {
    const other = this.sealer<E>(tenantId);
    let made: { key: Buffer; release(): void } | null = null;
    return {
      seal: async (e) => {
        if (bookingPiiSubject(e) !== bookingId) return other(e);
        made ??= holdNewBookingKey(tenantId, bookingId);
        return sealBookingEvent(e, made.key);
      },
      release: () => made?.release(),
    };
  }

  /** The `open` hook. */
  open = async <E>(event: RecordedEvent): Promise<E> => {
    const [opened] = await openBookingEvents(this.db, [event]);
    return { type: opened.event.type, data: opened.event.data } as E;
  };
}
