import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Actor } from '@tabour/eventstore';
import { publicTicketSettings } from '@tabour/notifications';
import { Db, forbidden, notFound } from '@tabour/platform';
import { feedbackDecider, feedbackStream, queuePersonalData } from '@tabour/queues';
import { refuseDeletedBusiness } from '../accounts/business-gone';
import { Public } from '../common/auth';
import { Throttled, THROTTLES } from '../common/throttles';
import { PersonalKeys } from '../common/personal-keys';
import { DB } from '../common/tokens';
import { Commands } from '../common/commands';
import { FeedbackDto, LateDto } from './dto';
import { QueueQueries } from './queries';
import { QueuesService } from './queues.service';

const UID = /^[A-Za-z0-9_-]{16,64}$/;
const customer = (uid: string): Actor => ({ type: 'customer_link', id: uid });

/**
 * The customer's own ticket, reached by its unguessable link and nothing else: no login, and
 * no answer names another ticket, customer or staff member. A wrong uid is a plain 404.
 */
@ApiTags('public ticket')
@Public()
@Controller('user')
export class PublicTicketController {
  constructor(
    private readonly queues: QueuesService,
    private readonly queries: QueueQueries,
    private readonly commands: Commands,
    private readonly keys: PersonalKeys,
    @Inject(DB) private readonly db: Db,
  ) {}

  /** The ticket, with what its business lets the customer do here (the public settings of /settings/general). */
  private async find(uid: string) {
    if (!UID.test(uid)) throw notFound('This ticket link is not valid');
    const t = await this.queries.publicTicket(uid);
    if (!t) throw notFound('This ticket link is not valid');
    // Every call of the page comes through here: read, cancel, late, feedback.
    await refuseDeletedBusiness(this.db, t.internal.tenant_id);
    const p = await publicTicketSettings(this.db, t.internal.tenant_id);
    return { ...t, view: { ...t.view, allowed: { cancel: p.allow_cancel, running_late: p.allow_running_late, feedback: p.allow_feedback } } };
  }

  private static refuseUnless(allowed: boolean): void {
    if (!allowed) throw forbidden('The business does not offer this on the ticket page');
  }

  @Get('queue/uid/:uid')
  @Throttled(...THROTTLES.ticketRead)
  async read(@Param('uid') uid: string) {
    return (await this.find(uid)).view;
  }

  /** The same ticket once it has left the queue: how the visit ended, whether feedback was given. */
  @Get('queue/archive/uid/:uid')
  @Throttled(...THROTTLES.ticketRead)
  async archived(@Param('uid') uid: string) {
    const t = await this.find(uid);
    if (!t.view.archived_at) throw notFound('This ticket is still in the queue');
    return t.view;
  }

  @Delete('queue/uid/:uid/cancel')
  @Throttled(...THROTTLES.ticketAction)
  async cancel(@Param('uid') uid: string) {
    const t = await this.find(uid);
    if (t.view.archived_at) throw notFound('This ticket is no longer in the queue');
    PublicTicketController.refuseUnless(t.view.allowed.cancel);
    await this.queues.run(t.internal.tenant_id, t.internal.queue_id, customer(uid), { type: 'RevokeTicket', ticket_id: t.internal.ticket_id, by: 'customer' });
    return (await this.find(uid)).view;
  }

  /** "Running late": the customer steps back a few places instead of losing the turn. */
  @Post('queue/uid/:uid/late')
  @Throttled(...THROTTLES.ticketAction)
  @HttpCode(200)
  async late(@Param('uid') uid: string, @Body() body: LateDto) {
    const t = await this.find(uid);
    if (t.view.status !== 'waiting') throw notFound('This ticket is not waiting');
    PublicTicketController.refuseUnless(t.view.allowed.running_late);
    await this.queues.run(t.internal.tenant_id, t.internal.queue_id, customer(uid), {
      type: 'RunningLate',
      ticket_id: t.internal.ticket_id,
      places: body.places ?? 1,
    });
    return (await this.find(uid)).view;
  }

  /** Feedback once per ticket, after the visit. */
  @Put('queue/uid/:uid/feedback')
  @Throttled(...THROTTLES.ticketAction)
  async feedback(@Param('uid') uid: string, @Body() body: FeedbackDto) {
    const t = await this.find(uid);
    if (t.view.status !== 'ended') throw notFound('Feedback opens once the visit has ended');
    PublicTicketController.refuseUnless(t.view.allowed.feedback);
    await this.commands.run(
      feedbackDecider,
      feedbackStream(t.internal.ticket_id),
      {
        type: 'GiveFeedback',
        ticket_id: t.internal.ticket_id,
        business_id: t.internal.tenant_id,
        queue_id: t.internal.queue_id,
        stars: body.stars,
        text: body.text ?? null,
      },
      // The text is the customer's own words: sealed with the ticket's key.
      { tenantId: t.internal.tenant_id, actor: customer(uid), seal: this.keys.sealer(queuePersonalData, t.internal.tenant_id) },
    );
    return (await this.find(uid)).view;
  }
}
