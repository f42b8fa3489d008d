import { sql } from 'kysely';
import type { AsyncProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import type { BookingEvent } from '@tabour/bookings';
import type { DepartmentEvent } from '@tabour/organisation';
import { STATISTICS_TABLES } from '../tables';
import { booking, payment } from './bookings';
import { counterClosed, counterOpened } from './counters';
import { BOOKING_OUTCOME, type Db, LEFT_AS, type Rec, type StatisticsEvent } from './schema';
import { BatchState } from './state';
import { arrive, called, feedback, left, restored } from './tickets';

export const STATISTICS_EVENT_TYPES = [
  'BusinessRegistered',
  'BusinessInformationUpdated',
  'DepartmentCreated',
  'DepartmentUpdated',
  'DepartmentDeleted',
  'TicketPushed',
  'TicketRedirectedIn',
  'TicketRestored',
  'TicketCalled',
  ...Object.keys(LEFT_AS),
  'CounterOpened',
  'CounterClosed',
  'CounterDeleted',
  'TicketFeedbackGiven',
  'BookingCreated',
  'BookingRescheduled',
  'BookingDeleted',
  ...Object.keys(BOOKING_OUTCOME),
  'BookingPaymentRecorded',
  'BookingPaymentDeleted',
] as StatisticsEvent['type'][];

/** A department's services, as the projection files tickets under departments. */
async function departmentChanged(db: Db, e: Rec & { type: DepartmentEvent['type'] }): Promise<void> {
  const tenant = e.data.business_id;
  const dep = e.data.department_id;
  const services = e.type === 'DepartmentCreated' ? e.data.service_ids : e.type === 'DepartmentUpdated' ? e.data.changes.service_ids : [];
  if (services === undefined) return;
  await sql`DELETE FROM statistics_service_departments WHERE tenant_id = ${tenant} AND department_id = ${dep}`.execute(db);
  if (services.length) {
    await sql`INSERT INTO statistics_service_departments (tenant_id, department_id, service_id)
      SELECT ${tenant}::uuid, ${dep}::uuid, s FROM unnest(${services}::uuid[]) AS s ON CONFLICT DO NOTHING`.execute(db);
  }
}

async function applyRun(db: Db, events: Rec[]): Promise<void> {
  if (!events.length) return;
  const batch = new BatchState(db);
  await batch.preload(events);
  for (const e of events) {
    switch (e.type) {
      case 'BusinessRegistered':
        batch.knowZone(e.data.business_id);
        break;
      case 'BusinessInformationUpdated':
        if (e.data.changes.time_zone) batch.setZone(e.data.business_id, e.data.changes.time_zone);
        break;
      case 'TicketPushed':
      case 'TicketRedirectedIn':
        arrive(batch, e);
        break;
      case 'TicketRestored':
        restored(batch, e);
        break;
      case 'TicketCalled':
        called(batch, e);
        break;
      case 'TicketEnded':
      case 'TicketMarkedNoShow':
      case 'TicketMarkedAbsent':
      case 'TicketRevoked':
      case 'TicketClosedAtDayEnd':
      case 'TicketRedirectedOut':
        left(batch, e);
        break;
      case 'CounterOpened':
        counterOpened(batch, e);
        break;
      case 'CounterClosed':
      case 'CounterDeleted':
        counterClosed(batch, e.data.business_id, e.data.counter_id, e.recordedAt);
        break;
      case 'TicketFeedbackGiven':
        feedback(batch, e);
        break;
      case 'BookingPaymentRecorded':
      case 'BookingPaymentDeleted':
        payment(batch, e);
        break;
      default:
        if (e.type.startsWith('Booking')) booking(batch, e as Rec & { type: BookingEvent['type'] });
    }
  }
  await batch.write();
}

const isDepartment = (e: Rec): e is Rec & { type: DepartmentEvent['type'] } => e.type.startsWith('Department');

/**
 * The statistics read models (docs/statistics.md): per business and local day (and hour), by
 * queue, service, department, counter and member. Asynchronous: a moment behind the commands,
 * never on their path; rebuilt from position 0 to the same rows.
 */
export const statisticsProjection: AsyncProjection<StatisticsEvent, Database> = {
  name: 'statistics.figures',
  handles: STATISTICS_EVENT_TYPES,
  tables: STATISTICS_TABLES,
  batchSize: 500,
  // A rebuild replays years of a business's days: in batches this large most of a batch's
  // events fold into the same day rows in memory, and the log is read and the rows written
  // a twentieth as often (a rebuild about three times as fast as with 1,000).
  rebuildBatchSize: 20_000,
  async apply(db, events) {
    // A department's services change which department later tickets are filed under: the
    // events before it are written first, the ones after read the new mapping.
    let run: Rec[] = [];
    for (const e of events as Rec[]) {
      if (isDepartment(e)) {
        await applyRun(db, run);
        run = [];
        await departmentChanged(db, e);
      } else run.push(e);
    }
    await applyRun(db, run);
  },
};
