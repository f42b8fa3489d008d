import type { Socket } from 'socket.io-client';
import { socketClients } from './support/sockets';
import { BroadcastService } from '../apps/api/src/broadcast/broadcast.service';
import { createTestApp, TestApp } from './support/app';
import { newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket } from './support/queue-fixtures';

type Notice = { view: string; key: string; position: number; type?: string };

/** The queue's change notices reach its screens and its tickets' public pages, and no one else. */
describe('queues: live change notices', () => {
  let t: TestApp;
  let owner: Staff;
  let other: Staff;
  let url: string;
  const clients = socketClients(() => url);
  const connect = clients.connect;
  const join = (s: Socket, kind: string, id: string) => new Promise<{ ok: boolean; room?: string }>((resolve) => s.emit('subscribe', { kind, id }, resolve));
  const record = (s: Socket) => {
    const got: Notice[] = [];
    s.on('change', (n: Notice) => got.push(n));
    return got;
  };
  const until = async (check: () => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('no notice in time');
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Live Clinic');
    other = await newBusiness(t, 'Other Clinic');
    url = `http://127.0.0.1:${t.app.get(BroadcastService).port}`;
  });
  afterAll(async () => {
    clients.closeAll();
    await t.close();
  });

  it('notifies the queue room, the counter room and the ticket pages after each action', async () => {
    const q = await newQueue(t, owner);
    const agent = await newMember(t, owner, 'Employee');
    const screen = await connect(owner.token);
    expect(await join(screen, 'queue', q.id)).toMatchObject({ ok: true, room: `business:${owner.businessId}:queue:${q.id}` });
    const counterView = await connect(agent.token);
    await join(counterView, 'counter', q.counters[0].id);
    const atScreen = record(screen);
    const atCounter = record(counterView);

    const ticket = await pushTicket(t, owner, q.id);
    await until(() => atScreen.some((n) => n.key === `queue-${q.id}` && n.type === 'TicketPushed'));

    // The customer's page: no login, only its uid.
    const page = await connect();
    expect(await join(page, 'ticket', ticket.uid)).toMatchObject({ ok: true });
    const atPage = record(page);
    expect(await join(page, 'queue', q.id)).toEqual({ ok: false });

    await openCounter(t, agent, q.id, q.counters[0].id);
    await t.http().post(`/business/queue/${q.id}/call`).set(agent.h).send({ counter_id: q.counters[0].id }).expect(200);
    await until(
      () =>
        atScreen.some((n) => n.type === 'TicketCalled') && atCounter.some((n) => n.type === 'TicketCalled') && atPage.some((n) => n.type === 'TicketCalled'),
    );
    // The page then reads its ticket: called, at which counter.
    const read = await t.http().get(`/user/queue/uid/${ticket.uid}`);
    expect(read.body).toMatchObject({ status: 'in_service', counter_name: q.counters[0].name });

    await t.http().post(`/business/queue/${q.id}/end/${ticket.id}`).set(agent.h).expect(200);
    // The page of a ticket that has just left is told too.
    await until(() => atPage.some((n) => n.type === 'TicketEnded'));
  });

  it('keeps telling a ticket’s page after the ticket is redirected to another queue', async () => {
    const from = await newQueue(t, owner);
    const to = await newQueue(t, owner);
    const ticket = await pushTicket(t, owner, from.id);
    const page = await connect();
    expect(await join(page, 'ticket', ticket.uid)).toMatchObject({ ok: true });
    const atPage = record(page);
    await t.http().post(`/business/queue/${from.id}/redirect/${ticket.id}/${to.id}`).set(owner.h).send({}).expect(200);
    await until(() => atPage.some((n) => n.key === `queue-${to.id}`));
    // A later change of the new queue (someone joining behind) still reaches the page.
    const seen = atPage.length;
    await pushTicket(t, owner, to.id);
    await until(() => atPage.slice(seen).some((n) => n.key === `queue-${to.id}` && n.type === 'TicketPushed'));
  });

  it('keeps another business out of the queue’s rooms', async () => {
    const q = await newQueue(t, owner);
    const stranger = await connect(other.token);
    const joined = await join(stranger, 'queue', q.id);
    // The room named is the stranger's own business's, so nothing of this queue reaches it.
    expect(joined.room).toBe(`business:${other.businessId}:queue:${q.id}`);
    const atStranger = record(stranger);
    await pushTicket(t, owner, q.id);
    const screen = await connect(owner.token);
    await join(screen, 'queue', q.id);
    const atScreen = record(screen);
    await pushTicket(t, owner, q.id);
    await until(() => atScreen.some((n) => n.key === `queue-${q.id}`));
    expect(atStranger.filter((n) => n.key === `queue-${q.id}`)).toEqual([]);
  });
});
