import { Inject, Injectable, Logger } from '@nestjs/common';
import { Db } from '@tabour/platform';
import { sql } from 'kysely';
import { Clock } from '../accounts/clock';
import { DB } from '../common/tokens';
import { untilShortBatch } from '../eventing/periodic-job';
import { Scheduler } from '../eventing/scheduler';
import { MembershipRenewals } from './renewals';

/** Memberships claimed per round. */
const BATCH = 50;
/** How long an instance's claim on a membership lasts: after it, another instance takes the membership over. */
const CLAIM_MS = 5 * 60_000;

/**
 * Settles the memberships that fell due (a trial's end, a period's end, a retry in grace): once
 * across instances and across restarts. Due rows live in the memberships table (`due_at`,
 * written by the projection from the events, so a restart finds them there); an instance claims
 * a batch with FOR UPDATE SKIP LOCKED and a time-limited `claimed_until`, settles each through
 * the membership's idempotent commands, and clears its claim. An instance that dies leaves its
 * claims to run out, and another takes the rows then.
 */
@Injectable()
export class MembershipSweep {
  private readonly log = new Logger('billing.memberships');

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly renewals: MembershipRenewals,
    private readonly clock: Clock,
    scheduler: Scheduler,
  ) {
    scheduler.every('memberships', 'membership sweep', this.log, () => this.run());
  }

  /** Takes the due memberships no live instance holds; the claim's clock is the wall clock, the due one the business clock. */
  private async claim(now: Date): Promise<string[]> {
    const until = new Date(Date.now() + CLAIM_MS);
    const r = await sql<{ tenant_id: string }>`
      UPDATE memberships SET claimed_until = ${until}
       WHERE tenant_id IN (
         SELECT tenant_id FROM memberships
          WHERE due_at <= ${now} AND (claimed_until IS NULL OR claimed_until < ${new Date()})
          ORDER BY due_at LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED)
      RETURNING tenant_id`.execute(this.db);
    return r.rows.map((x) => x.tenant_id);
  }

  /** Everything due at `now`; answers what was done to each membership. */
  async run(now = this.clock.now()): Promise<Record<string, string>> {
    const done: Record<string, string> = {};
    await untilShortBatch(BATCH, async () => {
      const batch = await this.claim(now);
      for (const tenant of batch) {
        try {
          const outcome = await this.renewals.settle(tenant, now);
          if (outcome) done[tenant] = outcome;
          // Nothing left to do at this moment (a row due from older data): it is not due again until an event says so.
          await this.db
            .updateTable('memberships')
            .set({ claimed_until: null, due_at: sql`CASE WHEN due_at <= ${now} AND ${outcome === null} THEN NULL ELSE due_at END` })
            .where('tenant_id', '=', tenant)
            .execute();
        } catch (err) {
          // The claim stays until it runs out: the membership is tried again after it, by any instance.
          this.log.error(`membership of ${tenant} not settled: ${String(err)}`);
          done[tenant] = 'error';
        }
      }
      return batch.length;
    });
    return done;
  }
}
