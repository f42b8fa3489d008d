import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { PgEventStore, RecordedEvent } from '@tabour/eventstore';
import { QUEUE_PROJECTIONS, queuePiiErasureProjection, queuePiiKeysProjection, queueRequestProjection } from '@tabour/queues';
import { AccountsModule } from '../accounts/accounts.module';
import { ChangeRelay } from '../broadcast/change-relay';
import { BroadcastService } from '../broadcast/broadcast.service';
import { queueTicketsRoom, scopedRoom, ticketRoom } from '../broadcast/rooms';
import { EVENT_STORE } from '../common/tokens';
import { CustomersModule } from '../customers/customers.module';
import { OrganisationModule } from '../organisation/organisation.module';
import { QueueClock } from './clock';
import { CountersController } from './counters.controller';
import { DayEndJob } from './day-end';
import { FeedbackController } from './feedback.controller';
import { NoteTypesController } from './note-types.controller';
import { PublicTicketController } from './public.controller';
import { QueueQueries } from './queries';
import { QueueRequestPublicController } from './request-public.controller';
import { QueueRequestsController } from './requests.controller';
import { RequestsService } from './requests.service';
import { QueuesController } from './queues.controller';
import { QueuesService } from './queues.service';
import { PersonalKeysModule } from '../common/personal-keys.module';
import { QueueSealing } from './sealing';
import { QueueRunner } from './runner';
import { SnapshotStore } from './snapshots';
import { TicketsController } from './tickets.controller';

/** Queues, counters and tickets: the event-sourced waiting list (docs/queues.md). */
@Module({
  imports: [AccountsModule, OrganisationModule, CustomersModule, PersonalKeysModule],
  // Fixed paths (queue/summary, queue/getDamagedtickets, counter/mine) come before queue/:id.
  controllers: [
    TicketsController,
    CountersController,
    QueuesController,
    NoteTypesController,
    PublicTicketController,
    FeedbackController,
    QueueRequestsController,
    QueueRequestPublicController,
  ],
  providers: [QueueClock, SnapshotStore, QueueSealing, QueueRunner, QueueQueries, QueuesService, DayEndJob, RequestsService],
  exports: [QueuesService, QueueQueries, QueueRunner, QueueClock, QueueSealing, PersonalKeysModule],
})
export class QueuesModule implements OnModuleInit {
  constructor(
    @Inject(EVENT_STORE) private readonly store: PgEventStore,
    private readonly relay: ChangeRelay,
    private readonly runner: QueueRunner,
    private readonly broadcast: BroadcastService,
    private readonly queries: QueueQueries,
  ) {}

  onModuleInit(): void {
    // The keys of new tickets and requests commit with the events they sealed; an erasure
    // destroys the keys of the tickets and requests it reaches (docs/queues.md).
    this.store.registerInlineProjection(queuePiiKeysProjection);
    this.store.registerInlineProjection(queuePiiErasureProjection);
    for (const projection of QUEUE_PROJECTIONS) this.store.registerInlineProjection(projection);
    // A queue's change reaches its screens, its counters' views, and the pages of its tickets
    // (every waiting customer's place may have moved); the notice says what to refetch, no data.
    this.relay.route('queue', (e: RecordedEvent) => {
      const t = e.tenantId!;
      const q = (e.data as { queue_id: string }).queue_id;
      const state = this.runner.peek(q);
      const counters = Object.keys(state?.counters ?? {}).map((c) => scopedRoom(t, 'counter', c));
      const { left, arrived } = this.runner.movedUids(q);
      for (const uid of arrived) this.broadcast.joinTicketPages(uid, queueTicketsRoom(q));
      return [scopedRoom(t, 'queue', q), ...counters, queueTicketsRoom(q), ...left.map(ticketRoom), ...arrived.map(ticketRoom)];
    });
    this.broadcast.onTicketSubscribe(async (uid) => {
      const queue = await this.queries.queueOfTicket(uid);
      return queue ? [queueTicketsRoom(queue)] : [];
    });
    this.store.registerInlineProjection(queueRequestProjection);
    // A request's change reaches its queue's screens and the customer's request page (its uid's room).
    this.relay.route('queuerequest', (e: RecordedEvent) => {
      const d = e.data as { queue_id: string; uid: string };
      return [scopedRoom(e.tenantId!, 'queue', d.queue_id), ticketRoom(d.uid)];
    });
    this.relay.route('ticketfeedback', (e: RecordedEvent) => [scopedRoom(e.tenantId!, 'queue', (e.data as { queue_id: string }).queue_id)]);
  }
}
