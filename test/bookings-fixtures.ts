import { DateTime } from 'luxon';
import type { Response } from 'supertest';
import type { TestApp } from './support/app';
import { newBusiness, Staff, WEEK } from './support/organisation-fixtures';

export const ZONE = 'Europe/Paris';
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** Open every day 08:00–18:00: tests book on dates a few days ahead, whatever the weekday. */
export const ALL_WEEK = WEEK(Object.fromEntries(DAYS.map((d) => [d, [['08:00', '18:00']]])));

/** A local date `days` ahead in the business's zone. */
export const dayAhead = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toISODate()!;

/** The instant of a local wall time on a local date, with its offset. */
export const at = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toISO()!;

/** The answer's body once its status is the one expected; otherwise fails with the answer in the message. */
export async function expectOk(res: Response, status: number): Promise<Response['body']> {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A business in Paris, open all week, with one department of the given booking settings. */
export async function bookableBusiness(t: TestApp, name: string, department: Record<string, unknown> = {}): Promise<{ owner: Staff; departmentId: string }> {
  const owner = await newBusiness(t, name);
  await expectOk(await t.http().post('/business/update').set(owner.h).send({ time_zone: ZONE }), 200);
  await expectOk(await t.http().post('/business/bookingdays/update').set(owner.h).send({ working_days: ALL_WEEK }), 200);
  const dep = await expectOk(
    await t
      .http()
      .put('/business/department/create')
      .set(owner.h)
      .send({ name: 'Dental', slot_duration: 30, max_bookings_per_slot: 1, ...department }),
    201,
  );
  return { owner, departmentId: dep.id };
}
