import { randomBytes } from 'node:crypto';
import type { TestApp } from './app';

export const STRONG_PASSWORD = 'Str0ng!Pass';

export interface LoggedIn {
  token: string;
  userId: string;
  businessId: string;
  email: string;
}

export function uniqueEmail(prefix = 'owner'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@example.test`;
}

let clients = 0;
/**
 * A client address of its own for each call that makes one (sent as X-Forwarded-For, which the
 * API believes from loopback): registrations are limited per address, and a suite registers many.
 */
export const clientAddress = (): string => `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${(clients++ % 250) + 1}`;

/** Registers a business (approved at once in tests) and logs its owner in. */
export async function registerBusiness(t: TestApp, name = 'Test Business'): Promise<LoggedIn> {
  const email = uniqueEmail();
  const reg = await t.http().post('/business/account/register').set('X-Forwarded-For', clientAddress()).send({
    business_name: name,
    first_name: 'Owner',
    last_name: 'Person',
    email,
    password: STRONG_PASSWORD,
    password_confirmation: STRONG_PASSWORD,
    terms: true,
    country: 'TN',
  });
  if (reg.status >= 300) throw new Error(`register answered ${reg.status}: ${JSON.stringify(reg.body)}`);
  return login(t, email, STRONG_PASSWORD);
}

export async function login(t: TestApp, email: string, password: string): Promise<LoggedIn> {
  const res = await t.http().post('/business/account/auth').send({ email, password, ip: '' });
  if (res.status !== 200 && res.status !== 201) throw new Error(`login answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { token: res.body.token, userId: res.body.user.id, businessId: res.body.business.id, email };
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
