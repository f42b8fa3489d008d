import type { INestApplication } from '@nestjs/common';
import { seedDemoAccounts } from './accounts/demo-seed';
import { seedCustomersDemo } from './customers/customers.seed';
import { seedOrganisationDemo } from './organisation/organisation.seed';
import { seedQueuesDemo } from './queues/queues.seed';

/**
 * The demo business, seeded on the first start on an empty database. Each context adds its
 * part in order; a context's seeder does nothing when its data is already there.
 */
export const DEMO_PASSWORD = 'Demo!2345';

/** Fixed ids, so every context's seeder agrees on the demo business and its people. */
export const DEMO = {
  businessId: '00000000-0000-4000-8000-00000000d3e0',
  businessName: 'Demo Clinic',
  admin: { userId: '00000000-0000-4000-8000-0000000000a1', email: 'admin@demo.test', firstName: 'Amira', lastName: 'Admin', position: 'Admin' as const },
  manager: { userId: '00000000-0000-4000-8000-0000000000a2', email: 'manager@demo.test', firstName: 'Malik', lastName: 'Manager', position: 'Manager' as const },
  agent: { userId: '00000000-0000-4000-8000-0000000000a3', email: 'agent@demo.test', firstName: 'Aya', lastName: 'Agent', position: 'Employee' as const },
};

export type DemoSeeder = (app: INestApplication) => Promise<void>;

export const demoSeeders: DemoSeeder[] = [(app) => seedDemoAccounts(app), (app) => seedOrganisationDemo(app), (app) => seedCustomersDemo(app), (app) => seedQueuesDemo(app)];

export async function seedDemo(app: INestApplication): Promise<void> {
  for (const seeder of demoSeeders) await seeder(app);
}
