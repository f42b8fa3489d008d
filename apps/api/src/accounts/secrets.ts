import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { InlineProjection, ProjectionDb, RecordedEvent } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import '@tabour/accounts';

// Argon2id (the const enum cannot be imported under per-file compilation), OWASP's baseline cost.
const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2);
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** Session tokens: 32 random bytes; only their sha256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const newResetCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

interface PendingSecret {
  userId: string;
  tenantId: string;
  hash: string;
  /** The session that changed its own password stays open; every other one ends. */
  keepSessionId?: string;
}

/**
 * Writes password hashes in the same transaction as the event that announces them, without
 * the hash entering the event: the command puts the hash here under the event's credential_id,
 * and this inline projection, run inside the append, moves it into `credentials`. Replaying
 * the log finds nothing pending and writes nothing: credentials are state, not history.
 */
@Injectable()
export class SecretWrites implements InlineProjection {
  readonly name = 'accounts.secrets';
  readonly handles = ['BusinessRegistered', 'UserPasswordChanged', 'UserRemoved'] as const;
  private readonly pending = new Map<string, PendingSecret>();

  async withPending<T>(credentialId: string, secret: PendingSecret, run: () => Promise<T>): Promise<T> {
    this.pending.set(credentialId, secret);
    try {
      return await run();
    } finally {
      this.pending.delete(credentialId);
    }
  }

  async apply(db: ProjectionDb<Database>, events: RecordedEvent<string, Record<string, unknown>>[]): Promise<void> {
    for (const e of events) {
      if (e.type === 'UserRemoved') {
        const id = e.data.user_id as string;
        // Removing a login ends its sessions in the same commit: its token stops at once.
        await db.deleteFrom('sessions').where('user_id', '=', id).execute();
        await db.deleteFrom('credentials').where('user_id', '=', id).execute();
        await db.deleteFrom('password_resets').where('user_id', '=', id).execute();
        continue;
      }
      const credentialId = (e.type === 'BusinessRegistered' ? e.data.owner_credential_id : e.data.credential_id) as string | undefined;
      const secret = credentialId ? this.pending.get(credentialId) : undefined;
      if (!secret) continue;
      await db
        .insertInto('credentials')
        .values({ user_id: secret.userId, tenant_id: secret.tenantId, password_hash: secret.hash, updated_at: e.recordedAt })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_hash: secret.hash, updated_at: e.recordedAt }))
        .execute();
      await db.deleteFrom('password_resets').where('user_id', '=', secret.userId).execute();
      let ending = db.deleteFrom('sessions').where('user_id', '=', secret.userId);
      if (secret.keepSessionId) ending = ending.where('id', '!=', secret.keepSessionId);
      await ending.execute();
    }
  }
}
