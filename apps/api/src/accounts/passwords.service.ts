import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Actor } from '@tabour/eventstore';
import { isStrongPassword, PASSWORD_RULE } from '@tabour/accounts';
import { Notifier } from '@tabour/notifications';
import { AppConfig, Db, invalid } from '@tabour/platform';
import { APP_CONFIG, DB } from '../common/tokens';
import { Clock } from './clock';
import { LoginThrottle } from './login-throttle';
import { AccountsCommands } from './commands';
import { hashPassword, newResetCode, SecretWrites, sha256, verifyPassword } from './secrets';
import { UsersQueries } from './users.queries';

export const RESET_MISMATCH = 'email and reset code do not match';
const RESET_TTL_MS = 30 * 60 * 1000;
const RESET_MAX_ATTEMPTS = 5;
// One code per minute at most: the answer stays 200, but the mailbox is not flooded.
const RESET_RESEND_MS = 60 * 1000;

const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

interface LoginRef {
  id: string;
  tenant_id: string;
  email: string;
  first_name: string;
}

@Injectable()
export class PasswordService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: AccountsCommands,
    private readonly secrets: SecretWrites,
    private readonly users: UsersQueries,
    private readonly notifier: Notifier,
    private readonly clock: Clock,
    private readonly throttle: LoginThrottle,
  ) {}

  /** Writes a new password through the UserPasswordChanged event; other sessions end in the same commit. */
  async set(
    user: { id: string; tenant_id: string },
    password: string,
    reason: 'changed' | 'reset' | 'set',
    actor: Actor,
    keepSessionId?: string,
  ): Promise<void> {
    if (!isStrongPassword(password)) throw invalid(PASSWORD_RULE, { password: [PASSWORD_RULE] }, 'weak_password');
    const credentialId = randomUUID();
    const hash = await hashPassword(password);
    await this.secrets.withPending(credentialId, { userId: user.id, tenantId: user.tenant_id, hash, keepSessionId }, () =>
      this.commands.user({ type: 'ChangePassword', user_id: user.id, business_id: user.tenant_id, credential_id: credentialId, reason }, actor),
    );
  }

  /** Guesses of the current password count against the login limits of that account and address. */
  async change(user: { id: string; tenant_id: string }, current: string, next: string, actor: Actor, sessionId: string, address: string): Promise<void> {
    const row = await this.db
      .selectFrom('users')
      .leftJoin('credentials', 'credentials.user_id', 'users.id')
      .select(['users.email', 'users.first_name', 'users.tenant_id', 'credentials.password_hash'])
      .where('users.id', '=', user.id)
      .executeTakeFirst();
    const attempt = await this.throttle.reserve(row?.email ?? user.id, address);
    if (!row?.password_hash || !(await verifyPassword(row.password_hash, current))) {
      await this.throttle.failed(attempt, row);
      const msg = 'The current password is not correct';
      throw invalid(msg, { current_password: [msg] }, 'wrong_password');
    }
    await this.throttle.succeeded(attempt);
    await this.set(user, next, 'changed', actor, sessionId);
  }

  /**
   * Sends a 6-digit code valid 30 minutes. Unknown e-mails get the same answer as known ones,
   * so the call cannot tell who has an account.
   */
  async requestReset(email: string): Promise<void> {
    const user = await this.users.byEmail(email);
    if (!user) return;
    await this.issueCode(user, 'forgotten', { type: 'user', id: user.id, name: `${user.first_name} ${user.last_name}` }, RESET_RESEND_MS);
  }

  /**
   * With `minIntervalMs`, no new code while the last one is younger than that: the check and the
   * write are one statement, so requests sent side by side send one e-mail, not one each.
   */
  async issueCode(user: LoginRef, reason: 'forgotten' | 'new_login', actor: Actor, minIntervalMs = 0): Promise<void> {
    const code = newResetCode();
    const now = this.clock.now();
    const values = {
      user_id: user.id,
      tenant_id: user.tenant_id,
      code_hash: codeHash(user.id, code),
      attempts: 0,
      created_at: now,
      expires_at: new Date(now.getTime() + RESET_TTL_MS),
    };
    const written = await this.db
      .insertInto('password_resets')
      .values(values)
      .onConflict((oc) => {
        const update = oc.column('user_id').doUpdateSet(values);
        return minIntervalMs > 0 ? update.where('password_resets.created_at', '<=', new Date(now.getTime() - minIntervalMs)) : update;
      })
      .returning('user_id')
      .executeTakeFirst();
    if (!written) return;
    await this.commands.user({ type: 'RequestPasswordReset', user_id: user.id, business_id: user.tenant_id, reason }, actor);
    const link = `${this.config.publicUrl}/password/reset?email=${encodeURIComponent(user.email)}`;
    const text =
      reason === 'new_login'
        ? `Hello ${user.first_name},\n\nAn account was created for you on Tabour. To set your password, open ${link} and enter this code: ${code}\n\nThe code is valid for 30 minutes. When it runs out, ask for a new one with "Forgot password".`
        : `Hello ${user.first_name},\n\nYour password reset code is: ${code}\n\nEnter it at ${link} within 30 minutes. If you did not ask for it, ignore this message: your password stays as it is.`;
    await this.notifier.sendEmail({
      to: user.email,
      subject: reason === 'new_login' ? 'Set your Tabour password' : 'Your Tabour password reset code',
      text,
      tenantId: user.tenant_id,
    });
  }

  /**
   * A wrong code counts as a failed login of that account from that address too: a new code
   * every minute would otherwise give one address five fresh guesses a minute.
   */
  async confirmReset(email: string, code: string, password: string, address: string): Promise<void> {
    const mismatch = () => invalid(RESET_MISMATCH, { code: [RESET_MISMATCH] }, 'reset_mismatch');
    // Checked before a guess is spent: a weak new password costs no attempt.
    if (!isStrongPassword(password)) throw invalid(PASSWORD_RULE, { password: [PASSWORD_RULE] }, 'weak_password');
    const attempt = await this.throttle.reserve(email, address);
    const user = await this.users.byEmail(email);
    // A code has a million values: five guesses, then it is spent. Each guess is counted by the
    // same statement that checks the count, before the code is compared, so guesses sent side
    // by side cannot get past five.
    const reset = user
      ? await this.db
          .updateTable('password_resets')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('user_id', '=', user.id)
          .where('attempts', '<', RESET_MAX_ATTEMPTS)
          .where('expires_at', '>', this.clock.now())
          .returning('code_hash')
          .executeTakeFirst()
      : undefined;
    if (!user || !reset || reset.code_hash !== codeHash(user.id, code.trim())) {
      await this.throttle.failed(attempt, user);
      throw mismatch();
    }
    await this.throttle.succeeded(attempt);
    await this.set(user, password, 'reset', { type: 'user', id: user.id, name: `${user.first_name} ${user.last_name}` });
  }
}
