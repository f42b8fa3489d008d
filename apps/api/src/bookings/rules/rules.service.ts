import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Rule, RuleFlow } from '@tabour/contracts';
import { RULE_COLUMNS, RuleInput, rulesDecider, RulesCommand, rulesOfFlow, rulesStream } from '@tabour/bookings';
import { Db, notFound, UserPrincipal } from '@tabour/platform';
import { actorOf } from '../../common/actor';
import { selectPage } from '../../common/paged-select';
import { PageRequest } from '../../common/paging';
import { DB } from '../../common/tokens';
import { Commands } from '../../common/commands';

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
      (b) => b.select(RULE_COLUMNS).orderBy('position').orderBy('id'),
      page,
      (r) => r as Rule<Date>,
    );
  }

  /** The enabled rules of one flow in position order, as matching reads them. */
  forFlow(tenantId: string, flow: RuleFlow) {
    return rulesOfFlow(this.db, tenantId, flow);
  }

  async one(tenantId: string, id: string): Promise<Rule<Date>> {
    const row = await this.db.selectFrom('booking_rules').select(RULE_COLUMNS).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
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
