import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { DELETE_HISTORY_JOB } from '@tabour/customers';
import { Db } from '@tabour/platform';
import { DB } from '../common/tokens';
import { Scheduler } from '../eventing/scheduler';
import { CustomerCommands } from './commands';
import { CustomersService } from './customers.service';

const SYSTEM = { type: 'system' as const, name: 'scheduled history deletion' };

/**
 * Runs the "delete all history every 24 hours" of the businesses that asked for it. The next
 * run time is a row of scheduled_jobs, so a restart does not lose or repeat it; a run claims its
 * row with FOR UPDATE SKIP LOCKED and moves next_run_at in the same transaction, so of several
 * API instances exactly one runs each due job.
 */
@Injectable()
export class HistoryJobRunner {
  private readonly log = new Logger('customers.history-job');

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly customers: CustomersService,
    private readonly commands: CustomerCommands,
    scheduler: Scheduler,
  ) {
    scheduler.every('history', 'history deletion', this.log, () => this.runDue());
  }

  /** Runs every job due now; answers how many this instance ran. */
  async runDue(): Promise<number> {
    let ran = 0;
    while (await this.runOne()) ran++;
    return ran;
  }

  private runOne(): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const due = await sql<{ tenant_id: string }>`
        SELECT tenant_id FROM scheduled_jobs WHERE name = ${DELETE_HISTORY_JOB} AND next_run_at <= now()
        ORDER BY next_run_at LIMIT 1 FOR UPDATE SKIP LOCKED`.execute(trx);
      const job = due.rows[0];
      if (!job) return false;
      const erased = await this.customers.eraseAll(job.tenant_id, SYSTEM, 'history_deleted');
      await this.commands.privacy(
        { type: 'RecordHistoryDeleted', business_id: job.tenant_id, customers_erased: erased, trigger: 'schedule' },
        { tenantId: job.tenant_id, actor: SYSTEM },
      );
      await sql`UPDATE scheduled_jobs SET next_run_at = now() + interval '24 hours', last_run_at = now(), runs = runs + 1
        WHERE name = ${DELETE_HISTORY_JOB} AND tenant_id = ${job.tenant_id}`.execute(trx);
      this.log.log(`history of ${job.tenant_id} deleted: ${erased} customers erased`);
      return true;
    });
  }
}
