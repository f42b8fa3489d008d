import { SessionService } from '../apps/api/src/accounts/sessions.service';
import { createTestApp, TestApp } from './support/app';
import { auth } from './support/fixtures';
import { newBusiness, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket, queueProblems } from './support/queue-fixtures';

const AGENTS = 50;
const TICKETS = 60;

/**
 * 50 agents, each at their own counter of one queue, call next at the same instant over HTTP
 * on real PostgreSQL: no two get the same ticket, and no ticket is lost.
 */
describe('queues: concurrent call next', () => {
  let t: TestApp;
  let owner: Staff;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Busy Clinic');
  });
  afterAll(() => t.close());

  it('gives 50 simultaneous calls 50 different tickets, then ends them all exactly once', async () => {
    const q = await newQueue(t, owner, { name: 'Busy' }, []);
    const sessions = t.app.get(SessionService);
    const agents: { h: Record<string, string>; counter: string }[] = [];
    for (let i = 0; i < AGENTS; i++) {
      const member = await t
        .http()
        .post('/business/team/create')
        .set(owner.h)
        .send({ first_name: 'Agent', last_name: `No ${i}`, email: `agent${i}.${Date.now()}@busy.test`, position: 'Front Desk' });
      expect(member.status).toBe(201);
      // A session opened directly: the login itself has its own tests, here only the calls matter.
      const { token } = await sessions.open({ id: member.body.id, tenant_id: owner.businessId }, null);
      const counter = await t
        .http()
        .put(`/business/queue/${q.id}/counter/create`)
        .set(owner.h)
        .send({ name: `Desk ${i}` });
      expect(counter.status).toBe(201);
      const agent = { h: auth(token), counter: counter.body.id as string };
      await openCounter(t, { ...owner, h: agent.h }, q.id, agent.counter);
      agents.push(agent);
    }
    const pushed = new Set<string>();
    for (let i = 0; i < TICKETS; i++) pushed.add((await pushTicket(t, owner, q.id)).id);

    const first = await Promise.all(agents.map((a) => t.http().post(`/business/queue/${q.id}/call`).set(a.h).send({ counter_id: a.counter })));
    expect(first.map((r) => r.status)).toEqual(Array(AGENTS).fill(200));
    const called = first.map((r) => r.body.ticket.id as string);
    expect(new Set(called).size).toBe(AGENTS);
    const waiting = (await t.http().get(`/business/queue/${q.id}/waitinglist`).set(owner.h)).body.data.map((x: { id: string }) => x.id as string);
    expect(waiting).toHaveLength(TICKETS - AGENTS);
    expect(new Set([...called, ...waiting])).toEqual(pushed);
    expect(await queueProblems(t, owner.businessId, q.id)).toEqual([]);

    // Again at once: each ends its customer; the ten still waiting go to ten of them.
    const second = await Promise.all(agents.map((a) => t.http().post(`/business/queue/${q.id}/call`).set(a.h).send({ counter_id: a.counter })));
    expect(second.map((r) => r.status)).toEqual(Array(AGENTS).fill(200));
    expect(new Set(second.map((r) => r.body.ended_ticket_id))).toEqual(new Set(called));
    const calledAgain = second.filter((r) => r.body.ticket).map((r) => r.body.ticket.id as string);
    expect(new Set(calledAgain)).toEqual(new Set(waiting));
    const archive = await t.http().post(`/business/queue/${q.id}/archive`).set(owner.h).send({ status: 'ended', pagination: 'off' });
    expect(archive.body.total).toBe(AGENTS);
    expect(await queueProblems(t, owner.businessId, q.id)).toEqual([]);
  }, 60_000);
});
