import type { INestApplication } from '@nestjs/common';

/**
 * The demo business, seeded on the first start on an empty database. Each context adds its
 * part in order; a context's seeder does nothing when its data is already there.
 */
export type DemoSeeder = (app: INestApplication) => Promise<void>;

export const demoSeeders: DemoSeeder[] = [];

export async function seedDemo(app: INestApplication): Promise<void> {
  for (const seeder of demoSeeders) await seeder(app);
}
