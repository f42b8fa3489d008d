import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ACCOUNT_ADDRESS_POLICY,
  ACCOUNT_CAPTCHA_AFTER,
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  failuresAt,
  releaseAttempt,
  reserveAttempt,
  ThrottlePolicy,
  ThrottleState,
} from '@tabour/accounts';
import { Notifier } from '@tabour/notifications';
import { Db, DomainError, emailKey } from '@tabour/platform';
import { DB } from '../common/tokens';
import { Clock } from './clock';
import { sha256 } from './secrets';

/** 429 with the number of seconds to wait, which the controller sends as Retry-After. */
export class TooManyAttempts extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    locked: boolean,
  ) {
    super(
      429,
      locked
        ? `Too many failed attempts: login is locked, try again in ${Math.ceil(retryAfterSeconds / 60)} minutes`
        : `Too many failed attempts, try again in ${retryAfterSeconds} seconds`,
      locked ? 'login_locked' : 'login_slowed',
    );
  }
}

type Counter = 'account-address' | 'address' | 'account';
const POLICIES: Record<Counter, ThrottlePolicy> = { 'account-address': ACCOUNT_ADDRESS_POLICY, address: ADDRESS_POLICY, account: ACCOUNT_POLICY };
// Rows whose window and lock ran out this long ago are deleted as logins succeed.
const KEEP_MS = 24 * 60 * 60 * 1000;
const CLEANUP_BATCH = 500;

interface Held {
  counter: Counter;
  key: string;
  /** The row's last failure before this attempt, put back when the attempt is given back. */
  previousLastFailureAt: Date;
}

/** One attempt, counted as a failure until `succeeded` or `notChecked` gives it back. */
export interface Reservation {
  email: string;
  address: string;
  at: Date;
  held: Held[];
  /** The account is under attack: this login must pass the captcha even where it is off. */
  captchaRequired: boolean;
}

const toState = (row: { failures: number; last_failure_at: Date; locked_until: Date | null }): ThrottleState | null =>
  row.failures === 0 ? null : { failures: row.failures, lastFailureAt: row.last_failure_at, lockedUntil: row.locked_until };

/**
 * Counts login attempts per account and address, per address, and per account (policy in
 * libs/accounts/src/throttle.ts, docs/accounts.md). Counters are rows locked for the length of
 * one short transaction, so parallel attempts are decided one after the other. Keys are hashes:
 * the table holds no e-mail and no address.
 */
@Injectable()
export class LoginThrottle {
  private readonly logger = new Logger('LoginThrottle');

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
  ) {}

  /** Reserves the attempt before any password is checked; 429 when one of the limits refuses it. */
  async reserve(rawEmail: string, address: string): Promise<Reservation> {
    // Look-alikes of one address are one account here too, or rotating them would dodge its limit.
    const email = emailKey(rawEmail);
    const now = this.clock.now();
    const keys: { counter: Counter; key: string }[] = [
      { counter: 'account-address' as const, key: sha256(`login:account-address:${email}\n${address}`) },
      { counter: 'address' as const, key: sha256(`login:address:${address}`) },
      { counter: 'account' as const, key: sha256(`login:account:${email}`) },
    ].sort((a, b) => (a.key < b.key ? -1 : 1));
    return this.db.transaction().execute(async (trx) => {
      // One statement creates the missing rows and locks all of them, always in key order, so
      // two attempts sharing rows never wait on each other crosswise.
      const rows = await trx
        .insertInto('login_throttle')
        .values(keys.map(({ key }) => ({ key, failures: 0, last_failure_at: new Date(0), locked_until: null })))
        .onConflict((oc) => oc.column('key').doUpdateSet({ failures: (eb) => eb.ref('login_throttle.failures') }))
        .returning(['key', 'failures', 'last_failure_at', 'locked_until'])
        .execute();
      const byKey = new Map(rows.map((r) => [r.key, r]));
      let refused: TooManyAttempts | null = null;
      let captchaRequired = false;
      const writes: { key: string; next: ThrottleState }[] = [];
      for (const { counter, key } of keys) {
        const state = toState(byKey.get(key)!);
        const policy = POLICIES[counter];
        if (counter === 'account') captchaRequired = failuresAt(state, now, policy) >= ACCOUNT_CAPTCHA_AFTER;
        const { verdict, next } = reserveAttempt(state, now, policy);
        if (!verdict.allowed) {
          if (!refused || verdict.retryAfterSeconds > refused.retryAfterSeconds) refused = new TooManyAttempts(verdict.retryAfterSeconds, verdict.locked);
        } else writes.push({ key, next: next! });
      }
      if (refused) throw refused;
      for (const { key, next } of writes) {
        await trx
          .updateTable('login_throttle')
          .set({ failures: next.failures, last_failure_at: next.lastFailureAt, locked_until: next.lockedUntil })
          .where('key', '=', key)
          .execute();
      }
      const held = keys.map(({ counter, key }) => ({ counter, key, previousLastFailureAt: byKey.get(key)!.last_failure_at }));
      return { email, address, at: now, held, captchaRequired };
    });
  }

  /** The right password: that address starts afresh on that account; the other counters get the attempt back. */
  async succeeded(r: Reservation): Promise<void> {
    await this.giveBack(r, true);
    const now = this.clock.now();
    // Rows another attempt holds are skipped, not waited for: this cleanup never blocks a login.
    const stale = this.db
      .selectFrom('login_throttle')
      .select('key')
      .where('last_failure_at', '<', new Date(now.getTime() - KEEP_MS))
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .where((eb) => eb.or([eb('notice_until', 'is', null), eb('notice_until', '<', now)]))
      .limit(CLEANUP_BATCH)
      .forUpdate()
      .skipLocked();
    await this.db.deleteFrom('login_throttle').where('key', 'in', stale).execute();
  }

  /** No password was checked (the captcha failed): the attempt is given back everywhere. */
  notChecked(r: Reservation): Promise<void> {
    return this.giveBack(r, false);
  }

  /**
   * The failure stays counted. When the account's failures reach the captcha threshold, its
   * owner (if the e-mail has one) is told, once until the lock window ends: the update that
   * claims the notice runs once per window, whatever attempts race for it.
   */
  async failed(r: Reservation, owner: { email: string; first_name: string; tenant_id: string } | undefined): Promise<void> {
    if (!owner) return;
    const account = r.held.find((h) => h.counter === 'account')!;
    const now = this.clock.now();
    const claimed = await this.db
      .updateTable('login_throttle')
      .set({ notice_until: new Date(now.getTime() + ACCOUNT_ADDRESS_POLICY.lockSeconds * 1000) })
      .where('key', '=', account.key)
      .where('failures', '>=', ACCOUNT_CAPTCHA_AFTER)
      .where('last_failure_at', '>', new Date(now.getTime() - ACCOUNT_POLICY.windowSeconds * 1000))
      .where((eb) => eb.or([eb('notice_until', 'is', null), eb('notice_until', '<=', now)]))
      .returning('failures')
      .executeTakeFirst();
    if (!claimed) return;
    const minutes = Math.round(ACCOUNT_ADDRESS_POLICY.lockSeconds / 60);
    try {
      await this.notifier.sendEmail({
        to: owner.email,
        subject: 'Failed sign-in attempts on your Tabour account',
        text:
          `Hello ${owner.first_name},\n\n` +
          `Someone tried to sign in to your Tabour account with a wrong password ${claimed.failures} times in the last ${minutes} minutes, ` +
          `most recently from the address ${r.address || 'unknown'}.\n\n` +
          `An address that keeps failing is locked out of your account for ${minutes} minutes. You can still sign in from anywhere else; ` +
          `for now the login asks you to type the characters of a picture (a captcha) first.\n\n` +
          `If this was you, there is nothing to do. If not, your password held: consider changing it to one you use nowhere else.`,
        tenantId: owner.tenant_id,
      });
    } catch (err) {
      // The login's answer does not depend on the notice; the next window tries again.
      this.logger.warn(`attack notice not sent: ${(err as Error).message}`);
    }
  }

  private async giveBack(r: Reservation, clearAccountAddress: boolean): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('login_throttle')
        .select(['key', 'failures', 'last_failure_at', 'locked_until'])
        .where(
          'key',
          'in',
          r.held.map((h) => h.key),
        )
        .orderBy('key')
        .forUpdate()
        .execute();
      for (const row of rows) {
        const held = r.held.find((h) => h.key === row.key)!;
        if (clearAccountAddress && held.counter === 'account-address') {
          await trx.deleteFrom('login_throttle').where('key', '=', row.key).execute();
          continue;
        }
        const state = toState(row);
        if (!state) continue;
        const next = releaseAttempt(state, POLICIES[held.counter]);
        // Unless another attempt counted since, the last failure goes back to what it was.
        const lastFailureAt = row.last_failure_at.getTime() === r.at.getTime() ? held.previousLastFailureAt : next.lastFailureAt;
        await trx
          .updateTable('login_throttle')
          .set({ failures: next.failures, last_failure_at: lastFailureAt, locked_until: next.lockedUntil })
          .where('key', '=', row.key)
          .execute();
      }
    });
  }
}
