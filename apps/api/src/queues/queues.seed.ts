import type { INestApplication } from '@nestjs/common';
import { DEFAULT_SETTINGS } from '@tabour/queues';
import { DEMO_CUSTOMERS } from '../customers/customers.seed';
import { DEMO_SERVICES } from '../organisation/organisation.seed';
import { DEMO } from '../common/demo';
import { QueuesService } from './queues.service';

const id = (suffix: string) => `00000000-0000-4000-8000-${suffix.padStart(12, '0')}`;
const SYSTEM = { type: 'system' as const, name: 'demo seed' };

export const DEMO_QUEUES = {
  reception: { id: id('9e01'), counters: [id('9c01'), id('9c02')] },
  dental: { id: id('9e02'), counters: [id('9c03')] },
};

/**
 * Two queues of the demo clinic with their counters and a few people already waiting, so the
 * waiting-list screen has something to call. Idempotent: a queue already there is left alone.
 */
export async function seedQueuesDemo(app: INestApplication): Promise<void> {
  const queues = app.get(QueuesService);
  const t = DEMO.businessId;
  const reception = await queues.runner.state(DEMO_QUEUES.reception.id);
  if (reception.status !== 'none') return;
  await queues.run(t, DEMO_QUEUES.reception.id, SYSTEM, {
    type: 'CreateQueue',
    settings: {
      ...DEFAULT_SETTINGS,
      name: 'Reception',
      ticket_prefix: 'A',
      priority: 10,
      service_ids: [DEMO_SERVICES.consultation, DEMO_SERVICES.followUp, DEMO_SERVICES.vaccination, DEMO_SERVICES.labResults],
      translations: { fr: { name: 'Accueil' }, ar: { name: 'الاستقبال' } },
    },
  });
  await queues.run(t, DEMO_QUEUES.dental.id, SYSTEM, {
    type: 'CreateQueue',
    settings: {
      ...DEFAULT_SETTINGS,
      name: 'Dental care',
      ticket_prefix: 'D',
      number_start: 100,
      service_ids: [DEMO_SERVICES.dentalCheckup, DEMO_SERVICES.scaling, DEMO_SERVICES.filling],
      translations: { fr: { name: 'Soins dentaires' }, ar: { name: 'طب الأسنان' } },
    },
  });
  const counters: [string, string, string][] = [
    [DEMO_QUEUES.reception.id, DEMO_QUEUES.reception.counters[0], 'Desk 1'],
    [DEMO_QUEUES.reception.id, DEMO_QUEUES.reception.counters[1], 'Desk 2'],
    [DEMO_QUEUES.dental.id, DEMO_QUEUES.dental.counters[0], 'Room 1'],
  ];
  for (const [queue, counter, name] of counters)
    await queues.run(t, queue, SYSTEM, { type: 'CreateCounter', counter_id: counter, name, break_minutes: 15, service_ids: [] });
  const [first, second, third] = DEMO_CUSTOMERS.map(([customerId]) => customerId);
  await queues.push(t, DEMO_QUEUES.reception.id, SYSTEM, { customer_id: first, service_ids: [DEMO_SERVICES.consultation] });
  await queues.push(t, DEMO_QUEUES.reception.id, SYSTEM, { customer_name: 'Walk-in', service_ids: [DEMO_SERVICES.vaccination] });
  await queues.push(t, DEMO_QUEUES.reception.id, SYSTEM, { customer_id: second, service_ids: [DEMO_SERVICES.labResults], urgent: true });
  await queues.push(t, DEMO_QUEUES.dental.id, SYSTEM, { customer_id: third, service_ids: [DEMO_SERVICES.dentalCheckup] });
}
