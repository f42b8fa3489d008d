import type { INestApplication } from '@nestjs/common';
import type { Db } from '@tabour/platform';
import '@tabour/accounts';
import { DB } from '../common/tokens';
import { DEMO, DEMO_PASSWORD } from '../common/demo';
import { RegistrationService } from './registration.service';

/** The demo business and its administrator, through the same registration and approval as anyone. */
export async function seedDemoAccounts(app: INestApplication): Promise<void> {
  const db = app.get<Db>(DB);
  const exists = await db.selectFrom('business_accounts').select('tenant_id').where('tenant_id', '=', DEMO.businessId).executeTakeFirst();
  if (exists) return;
  const registration = app.get(RegistrationService);
  await registration.register({
    businessName: DEMO.businessName,
    firstName: DEMO.admin.firstName,
    lastName: DEMO.admin.lastName,
    email: DEMO.admin.email,
    phone: null,
    country: 'TN',
    password: DEMO_PASSWORD,
    businessId: DEMO.businessId,
    ownerId: DEMO.admin.userId,
  });
  await registration.approve(DEMO.admin.email, { type: 'system', name: 'demo seed' });
}
