import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { BookingFormField, FormValue, RuleFlow } from '@tabour/contracts';
import { FormFieldInput, formsDecider, FormsCommand, formsStream, requireFormValues } from '@tabour/bookings';
import { Db, notFound, UserPrincipal } from '@tabour/platform';
import { actorOf } from '../../common/actor';
import { selectPage } from '../../common/paged-select';
import { PageRequest } from '../../common/paging';
import { DB } from '../../common/tokens';
import { Commands } from '../../common/commands';

const COLUMNS = ['id', 'flow', 'names', 'type', 'options', 'required', 'position', 'created_at', 'updated_at'] as const;

/**
 * Extra fields of bookings and queue joins (docs/bookings.md, "Forms"). `checkValues` is what
 * a booking create or update and a kiosk queue join call to hold `additional_data` to them.
 */
@Injectable()
export class FormsService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly commands: Commands,
  ) {}

  list(tenantId: string, page: PageRequest, flow?: RuleFlow) {
    let base = this.db.selectFrom('booking_form_fields').where('tenant_id', '=', tenantId);
    if (flow) base = base.where('flow', '=', flow);
    return selectPage(
      base,
      (b) => b.select(COLUMNS).orderBy('position').orderBy('created_at').orderBy('id'),
      page,
      (r) => r as BookingFormField & { created_at: Date },
    );
  }

  async fields(tenantId: string, flow: RuleFlow): Promise<BookingFormField[]> {
    return (await this.list(tenantId, { limit: null, offset: 0, page: 1 }, flow)).data;
  }

  /** The values checked against the business's fields of the flow: normalised, or a 422 naming each field. */
  async checkValues(tenantId: string, flow: RuleFlow, values: unknown): Promise<Record<string, FormValue>> {
    return requireFormValues(await this.fields(tenantId, flow), values);
  }

  async one(tenantId: string, id: string) {
    const row = await this.db.selectFrom('booking_form_fields').select(COLUMNS).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Form field not found');
    return row;
  }

  async create(user: UserPrincipal, input: FormFieldInput) {
    const id = randomUUID();
    await this.run(user, { type: 'CreateFormField', business_id: user.tenantId, field_id: id, input });
    return this.one(user.tenantId, id);
  }

  async update(user: UserPrincipal, id: string, input: FormFieldInput) {
    await this.run(user, { type: 'UpdateFormField', business_id: user.tenantId, field_id: id, input });
    return this.one(user.tenantId, id);
  }

  async remove(user: UserPrincipal, id: string) {
    await this.run(user, { type: 'DeleteFormField', business_id: user.tenantId, field_id: id });
    return { id };
  }

  private run(user: UserPrincipal, command: FormsCommand) {
    return this.commands.run(formsDecider, formsStream(user.tenantId), command, { tenantId: user.tenantId, actor: actorOf(user) });
  }
}
