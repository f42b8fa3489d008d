import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { Actor } from '@tabour/eventstore';
import { Category, CustomerInput, EraseReason } from '@tabour/customers';
import { notFound } from '@tabour/platform';
import { CustomerCommands } from './commands';
import { CustomerQueries } from './queries';
import { AttachmentStorage } from './storage';

/** The customer writes the controllers share: create, update, category, erasure. */
@Injectable()
export class CustomersService {
  private readonly log = new Logger('customers');

  constructor(
    private readonly commands: CustomerCommands,
    private readonly queries: CustomerQueries,
    private readonly storage: AttachmentStorage,
  ) {}

  async create(tenantId: string, actor: Actor, input: CustomerInput, via: 'staff' | 'kiosk' = 'staff') {
    const id = randomUUID();
    const { country, today } = await this.commands.business(tenantId);
    await this.commands.run(
      { type: 'RegisterCustomer', customer_id: id, business_id: tenantId, country, today, input, via },
      { tenantId, actor },
      { fresh: true },
    );
    return this.queries.one(tenantId, id);
  }

  async update(tenantId: string, actor: Actor, id: string, input: CustomerInput) {
    const { country, today } = await this.commands.business(tenantId);
    await this.commands.run({ type: 'UpdateCustomer', customer_id: id, business_id: tenantId, country, today, input }, { tenantId, actor });
    return this.queries.one(tenantId, id);
  }

  async setCategory(tenantId: string, actor: Actor, id: string, category: Category) {
    await this.commands.run({ type: 'ChangeCustomerCategory', customer_id: id, business_id: tenantId, category }, { tenantId, actor });
    return this.queries.one(tenantId, id);
  }

  /**
   * Erases the customer: the data key and read rows go in the erasing append's transaction,
   * the attachment contents right after it.
   */
  async erase(tenantId: string, actor: Actor, id: string, reason: EraseReason): Promise<void> {
    const { events } = await this.commands.run({ type: 'EraseCustomer', customer_id: id, business_id: tenantId, reason }, { tenantId, actor });
    for (const e of events) {
      if (e.type !== 'CustomerErased') continue;
      for (const key of e.data.storage_keys) {
        await this.storage.remove(tenantId, key).catch((err) => this.log.error(`attachment ${key} of ${tenantId} not removed: ${err}`));
      }
    }
  }

  /** Erases every customer of the business; answers how many. */
  async eraseAll(tenantId: string, actor: Actor, reason: EraseReason): Promise<number> {
    let erased = 0;
    for (const id of await this.queries.customerIds(tenantId)) {
      try {
        await this.erase(tenantId, actor, id, reason);
        erased++;
      } catch (err) {
        // A key whose customer never got its first event (a failed create) names nobody.
        if ((err as { status?: number }).status !== 404) throw err;
        await this.commands.keys.dropUnused(id);
      }
    }
    return erased;
  }

  async requireCustomer(tenantId: string, id: string): Promise<void> {
    if (!(await this.queries.exists(tenantId, id))) throw notFound();
  }
}
