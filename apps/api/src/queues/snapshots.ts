import { promisify } from 'node:util';
import { constants, deflate, inflate } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import { Db } from '@tabour/platform';
import { DB } from '../common/tokens';

export interface Snapshot<S> {
  state: S;
  revision: number;
}

const deflated = promisify(deflate);
const inflated = promisify(inflate);

/**
 * A state's JSON text as a snapshot row stores it: deflated in zlib's thread pool, so neither
 * this process's event loop nor the database compresses a megabyte (migration 20261130090000).
 */
export const encodeSnapshot = (json: string): Promise<Buffer> => deflated(Buffer.from(json), { level: constants.Z_BEST_SPEED });

export const decodeSnapshot = async <S>(body: Buffer): Promise<S> => JSON.parse((await inflated(body)).toString()) as S;

/**
 * The folded state of a stream at a revision. A queue's stream keeps every ticket it ever
 * had; loading it from its last snapshot plus the events after keeps the load time flat as
 * the history grows. A snapshot of another shape version is ignored, so a change to the
 * state's shape only costs one full fold.
 */
@Injectable()
export class SnapshotStore {
  constructor(@Inject(DB) private readonly db: Db) {}

  async read<S>(streamId: string, kind: string, version: number): Promise<Snapshot<S> | null> {
    const row = await this.db
      .selectFrom('stream_snapshots')
      .select(['revision', 'body'])
      .where('stream_id', '=', streamId)
      .where('kind', '=', kind)
      .where('version', '=', version)
      .executeTakeFirst();
    return row ? { state: await decodeSnapshot<S>(row.body), revision: Number(row.revision) } : null;
  }

  /** `state` may come already serialised (JSON text), as the queue runner makes it a slice at a time. */
  async write<S>(streamId: string, kind: string, version: number, snapshot: Snapshot<S | string>): Promise<void> {
    const json = typeof snapshot.state === 'string' ? snapshot.state : JSON.stringify(snapshot.state);
    const values = { stream_id: streamId, kind, version, revision: snapshot.revision, body: await encodeSnapshot(json), taken_at: new Date() };
    await this.db
      .insertInto('stream_snapshots')
      .values(values)
      // Two instances may race: the later revision wins. The update takes the row proposed
      // (`excluded`), so the state is sent once, not twice.
      .onConflict((oc) =>
        oc
          .column('stream_id')
          .doUpdateSet((eb) => ({
            kind: eb.ref('excluded.kind'),
            version: eb.ref('excluded.version'),
            revision: eb.ref('excluded.revision'),
            body: eb.ref('excluded.body'),
            taken_at: eb.ref('excluded.taken_at'),
          }))
          .where('stream_snapshots.revision', '<', snapshot.revision),
      )
      .execute();
  }
}
