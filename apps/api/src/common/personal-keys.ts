import { Inject, Injectable } from '@nestjs/common';
import { NewEvent, RecordedEvent } from '@tabour/eventstore';
import { Db } from '@tabour/platform';
import { ensureKeys, holdNewKey, openRecorded, readKeys, type AnyEvent, type PersonalEvents, type SubjectKeys } from '@tabour/privacy';
import { DB } from './tokens';

/**
 * The data keys of the subjects whose personal text queue and booking events seal
 * (docs/privacy.md): the command handler's `seal` and `open` hooks for their streams, given the
 * context's sealing (`queuePersonalData`, `bookingPersonalData`).
 */
@Injectable()
export class PersonalKeys {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** The keys of these subjects, made for those that have none yet; a destroyed key stays destroyed (null). */
  ensure(tenantId: string, subjects: string[]): Promise<SubjectKeys> {
    return ensureKeys(this.db, tenantId, subjects);
  }

  /** The stored keys of these subjects of one tenant; a destroyed key reads as null. */
  read(tenantId: string, subjects: string[]): Promise<SubjectKeys> {
    return readKeys(
      this.db,
      subjects.map((subject) => ({ tenantId, subject })),
    );
  }

  /** The `seal` hook: a subject's key is made on its first personal event, and a destroyed one drops the text. */
  sealer<E extends AnyEvent>(sealing: PersonalEvents, tenantId: string): (e: E) => Promise<NewEvent> {
    return async (e) => {
      const s = sealing.subject(e);
      if (!s) return e;
      return sealing.seal(e, (await this.ensure(tenantId, [s])).get(s) ?? null);
    };
  }

  /**
   * The `seal` hook of a subject whose id was just made here, so no key can stand for it yet:
   * its key is made in memory and stored in the transaction of the append that creates it (the
   * context's key-storing projection), not committed on its own before it. `release` lets go of
   * the key once the append is settled; other subjects are sealed as `sealer` does.
   */
  newSubjectSealer<E extends AnyEvent>(sealing: PersonalEvents, tenantId: string, subject: string): { seal: (e: E) => Promise<NewEvent>; release(): void } {
    const other = this.sealer<E>(sealing, tenantId);
    let made: { key: Buffer; release(): void } | null = null;
    return {
      seal: async (e) => {
        if (sealing.subject(e) !== subject) return other(e);
        made ??= holdNewKey(tenantId, subject);
        return sealing.seal(e, made.key);
      },
      release: () => made?.release(),
    };
  }

  /** The `open` hook. */
  opener<E>(sealing: PersonalEvents): (event: RecordedEvent) => Promise<E> {
    return async (event) => {
      const [opened] = await openRecorded(this.db, sealing, [event]);
      return { type: opened.event.type, data: opened.event.data } as E;
    };
  }

  /** Stored events opened, a page at a time: one read of the keys it needs. */
  async openAll(sealing: PersonalEvents, events: RecordedEvent[]): Promise<RecordedEvent[]> {
    return (await openRecorded(this.db, sealing, events)).map((o) => o.event);
  }
}
