import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Rule, RuleFlow } from '@tabour/contracts';
import { type MatchableRule, type MatchCustomer, RuleInput, rulesDecider, RulesCommand, rulesStream } from '@tabour/bookings';
import { Db, notFound, UserPrincipal } from '@tabour/platform';
import { actorOf } from '../common/actor';
import { selectPage } from '../common/paged-select';
import { PageRequest } from '../common/paging';
import { DB } from '../common/tokens';
import { Commands } from '../common/commands';

/**
 * The customer as rule matching sees them: their category and whether they came before (a
 * booking or a ticket); null when the request names no customer record of the business.
 */
export async function matchCustomer(db: Db, tenantId: string, customerId: string | null): Promise<MatchCustomer | null> {
  if (!customerId) return null;
  const r = await sql<{ category: string; seen: boolean }>`SELECT c.category,
      EXISTS (SELECT 1 FROM bookings b WHERE b.tenant_id = c.tenant_id AND b.customer_id = c.id AND b.status <> 'cancelled')
      OR EXISTS (SELECT 1 FROM customer_archived_bookings a WHERE a.tenant_id = c.tenant_id AND a.customer_id = c.id)
      OR EXISTS (SELECT 1 FROM queue_tickets q WHERE q.tenant_id = c.tenant_id AND q.customer_id = c.id) AS seen
    FROM customers c WHERE c.tenant_id = ${tenantId} AND c.id = ${customerId}`.execute(db);
  const row = r.rows[0];
  return row ? { category: row.category, has_history: !!row.seen } : null;
}

/** The enabled rules of one flow in position order, as matching reads them. */
export async function rulesOfFlow(db: Db, tenantId: string, flow: RuleFlow): Promise<(MatchableRule & Rule<Date>)[]> {
  const rows = await db
    .selectFrom('booking_rules')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('flow', '=', flow)
    .where('enabled', '=', true)
    .orderBy('position')
    .execute();
  return rows as (MatchableRule & Rule<Date>)[];
}

const COLUMNS = [
  'id',
  'name',
  'action',
  'flow',
  'applies_to',
  'time_frame',
  'starts_on',
  'ends_on',
  'working_days',
  'position',
  'enabled',
  'created_at',
  'updated_at',
] as const;

/** The business's rules: one ordered list, decided as one aggregate (docs/bookings.md). */
@Injectable()
export class RulesService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly commands: Commands,
  ) {}

  list(tenantId: string, page: PageRequest): Promise<{ data: Rule<Date>[] }> {
    const base = this.db.selectFrom('booking_rules').where('tenant_id', '=', tenantId);
    return selectPage(
      base,
      (b) => b.select(COLUMNS).orderBy('position').orderBy('id'),
      page,
      (r) => r as Rule<Date>,
    );
  }

  /** The enabled rules of one flow in position order, as matching reads them. */
  forFlow(tenantId: string, flow: RuleFlow) {
    return rulesOfFlow(this.db, tenantId, flow);
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

  private run(user: UserPrincipal, command: RulesCommand) {
    // Every rule of a business is one stream: a concurrent edit is retried on the new list.
    return this.commands.run(rulesDecider, rulesStream(user.tenantId), command, { tenantId: user.tenantId, actor: actorOf(user), retries: 5 });
  }
}
