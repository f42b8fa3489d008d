import { BroadcastService } from '../apps/api/src/broadcast/broadcast.service';
import { createTestApp, TestApp } from './support/app';
import { newBusiness, Staff } from './support/organisation-fixtures';
import { socketClients } from './support/sockets';
import { at, bookableBusiness, dayAhead, expectOk } from './bookings-fixtures';

type Notice = { view: string; key: string; position: number; type?: string };

/** A booking made anywhere reaches every open calendar of its business (view `booking`), and no other business. */
describe('bookings: live change notices', () => {
  let t: TestApp;
  let url: string;
  const clients = socketClients(() => url);

  beforeAll(async () => {
    t = await createTestApp();
    url = `http://127.0.0.1:${t.app.get(BroadcastService).port}`;
  });
  afterAll(async () => {
    clients.closeAll();
    await t.close();
  });

  const until = async (check: () => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('no notice in time');
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('tells the business room of each booking command, once per command', async () => {
    const { owner, departmentId } = await bookableBusiness(t, 'Live Book');
    const other: Staff = await newBusiness(t, 'Other Book');
    const calendar = await clients.connect(owner.token);
    const elsewhere = await clients.connect(other.token);
    const got: Notice[] = [];
    const leaked: Notice[] = [];
    calendar.on('change', (n: Notice) => got.push(n));
    elsewhere.on('change', (n: Notice) => leaked.push(n));

    const booking = await expectOk(
      await t
        .http()
        .put('/business/booking/create')
        .set(owner.h)
        .send({ department_id: departmentId, starts_at: at(dayAhead(2), '10:00') }),
      201,
    );
    await until(() => got.some((n) => n.view === 'booking' && n.key === `booking-${booking.id}` && n.type === 'BookingCreated'));
    await expectOk(
      await t
        .http()
        .post(`/business/booking/${booking.id}/update`)
        .set(owner.h)
        .send({ starts_at: at(dayAhead(2), '11:00'), remarks: 'Moved' }),
      200,
    );
    await until(() => got.some((n) => n.key === `booking-${booking.id}` && n.type !== 'BookingCreated'));
    await new Promise((r) => setTimeout(r, 200));
    // Rescheduled and updated in one append: one notice.
    expect(got.filter((n) => n.key === `booking-${booking.id}`)).toHaveLength(2);
    expect(leaked.filter((n) => n.view === 'booking')).toEqual([]);
  });
});
