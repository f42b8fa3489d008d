import type { INestApplication } from '@nestjs/common';
import { CustomerInput } from '@tabour/customers';
import { DEMO } from '../common/demo';
import { CustomerCommands } from './commands';

const id = (suffix: string) => `00000000-0000-4000-8000-${suffix.padStart(12, '0')}`;

/** A few customers of the demo clinic, one per category, in the languages the clinic serves. */
export const DEMO_CUSTOMERS: [string, CustomerInput][] = [
  [
    id('c001'),
    {
      first_name: 'Sami',
      last_name: 'Ben Salah',
      phone: '20 123 456',
      email: 'sami.bensalah@example.test',
      internal_id: '1001',
      preferred_language: 'ar',
      date_of_birth: '1984-03-12',
      nationality: 'TN',
    },
  ],
  [
    id('c002'),
    {
      first_name: 'Émilie',
      last_name: 'Durand',
      phone: '+33 6 12 34 56 78',
      email: 'emilie.durand@example.test',
      internal_id: '1002',
      preferred_language: 'fr',
      category: 'VIP',
      notes: 'Prefers morning appointments',
    },
  ],
  [id('c003'), { first_name: 'Youssef', last_name: 'Gharbi', phone: '55 111 222', internal_id: '1003', preferred_language: 'ar', book_more_than_once: true }],
  [
    id('c004'),
    { first_name: 'Lucía', last_name: 'García', phone: '98 765 432', email: 'lucia.garcia@example.test', internal_id: '1004', preferred_language: 'es' },
  ],
  [
    id('c005'),
    { first_name: 'Karim', last_name: 'Trabelsi', phone: '22 333 444', internal_id: '1005', category: 'BLACKLISTED', notes: 'Three missed appointments' },
  ],
];

/** Idempotent: a customer already registered under its fixed id is left as it is. */
export async function seedCustomersDemo(app: INestApplication): Promise<void> {
  const commands = app.get(CustomerCommands);
  const country = await commands.country(DEMO.businessId);
  const actor = { type: 'system' as const, name: 'demo seed' };
  for (const [customerId, input] of DEMO_CUSTOMERS) {
    await commands.run(
      { type: 'RegisterCustomer', customer_id: customerId, business_id: DEMO.businessId, country, input, via: 'staff' },
      { tenantId: DEMO.businessId, actor },
    );
  }
}
