import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Rule, RuleFlow } from '@tabour/contracts';
import { RuleInput, rulesDecider, RulesCommand, rulesStream } from '@tabour/bookings';
import { Db, notFound, UserPrincipal } from '@tabour/platform';
import { actorOf } from '../common/actor';
import { selectPage } from '../common/paged-select';
import { PageRequest } from '../common/paging';
import { DB } from '../common/tokens';
import { OrganisationCommands } from '../organisation/commands';

const COLUMNS = ['id', 'name', 'action', 'flow', 'applies_to', 'time_frame', 'starts_on', 'ends_on', 'working_days', 'position', 'enabled', 'created_at', 'updated_at'] as const;

/** The business's rules: one ordered list, decided as one aggregate (docs/bookings.md). */
@Injectable()
export class RulesService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly commands: OrganisationCommands,
  ) {}

  list(tenantId: string, page: PageRequest): Promise<{ data: Rule<Date>[] }> {
    const base = this.db.selectFrom('booking_rules').where('tenant_id', '=', tenantId);
    return selectPage(base, (b) => b.select(COLUMNS).orderBy('position').orderBy('id'), page, (r) => r as Rule<Date>);
  }

  /** The enabled rules of one flow in position order, as matching reads them. */
  async forFlow(tenantId: string, flow: RuleFlow): Promise<Rule<Date>[]> {
    const rows = await this.db.selectFrom('booking_rules').select(COLUMNS).where('tenant_id', '=', tenantId).where('flow', '=', flow).where('enabled', '=', true).orderBy('position').execute();
    return rows as Rule<Date>[];
  }

  async one(tenantId: string, id: string): Promise<Rule<Date>> {
    const row = await this.db.selectFrom('booking_rules').select(COLUMNS).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Rule not found');
    return row as Rule<Date>;
  }

  async create(user: UserPrincipal, input: RuleInput): Promise<Rule<Date>> {
    const id = randomUUID();
    await this.run(user, { type: 'CreateRule', business_id: user.tenantId, rule_id: id, input });
    return this.one(user.tenantId, id);
  }

  async update(user: UserPrincipal, id: string, input: RuleInput): Promise<Rule<Date>> {
    await this.run(user, { type: 'UpdateRule', business_id: user.tenantId, rule_id: id, input });
    return this.one(user.tenantId, id);
  }

  async remove(user: UserPrincipal, id: string): Promise<{ id: string }> {
    await this.run(user, { type: 'DeleteRule', business_id: user.tenantId, rule_id: id });
    return { id };
  }

  async reorder(user: UserPrincipal, ids: string[]): Promise<{ data: Rule<Date>[] }> {
    await this.run(user, { type: 'ReorderRules', business_id: user.tenantId, ids });
    return this.list(user.tenantId, { limit: null, offset: 0, page: 1 });
  }

  /** Whether the customer has had a booking or a ticket before (a `new` customer has not). */
  async hasHistory(tenantId: string, customerId: string): Promise<boolean> {
    const r = await sql<{ seen: boolean }>`SELECT EXISTS (SELECT 1 FROM bookings WHERE tenant_id = ${tenantId} AND customer_id = ${customerId} AND status <> 'cancelled')
      OR EXISTS (SELECT 1 FROM customer_archived_bookings WHERE tenant_id = ${tenantId} AND customer_id = ${customerId})
      OR EXISTS (SELECT 1 FROM queue_tickets WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}) AS seen`.execute(this.db);
    return !!r.rows[0]?.seen;
  }

  private run(user: UserPrincipal, command: RulesCommand) {
    // Every rule of a business is one stream: a concurrent edit is retried on the new list.
    return this.commands.run(rulesDecider, rulesStream(user.tenantId), command, { tenantId: user.tenantId, actor: actorOf(user), retries: 5 });
  }
}
