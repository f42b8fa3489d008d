/**
 * The demo business's password and ids, apart from the seeding (apps/api/src/seed.ts), which
 * imports every context's seeder: the seeders read them without importing it back.
 */
export const DEMO_PASSWORD = 'Demo!2345';

/** Fixed ids, so every context's seeder agrees on the demo business and its people. */
export const DEMO = {
  businessId: '00000000-0000-4000-8000-00000000d3e0',
  businessName: 'Demo Clinic',
  admin: { userId: '00000000-0000-4000-8000-0000000000a1', email: 'admin@demo.test', firstName: 'Amira', lastName: 'Admin', position: 'Admin' as const },
  manager: {
    userId: '00000000-0000-4000-8000-0000000000a2',
    email: 'manager@demo.test',
    firstName: 'Malik',
    lastName: 'Manager',
    position: 'Manager' as const,
  },
  agent: { userId: '00000000-0000-4000-8000-0000000000a3', email: 'agent@demo.test', firstName: 'Aya', lastName: 'Agent', position: 'Employee' as const },
};
