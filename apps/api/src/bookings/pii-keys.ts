import { Inject, Injectable } from '@nestjs/common';
import { bookingPiiSubject, ensureBookingKeys, openBookingEvents, sealBookingEvent } from '@tabour/bookings';
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

  /** The `open` hook. */
  open = async <E>(event: RecordedEvent): Promise<E> => {
    const [opened] = await openBookingEvents(this.db, [event]);
    return { type: opened.event.type, data: opened.event.data } as E;
  };
}
