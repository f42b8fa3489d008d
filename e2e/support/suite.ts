import type { Browser } from 'playwright-core';
import { callApi, PASSWORD, uniqueEmail } from './api';
import { launchBrowser } from './browser';
import { E2eServer, startServer } from './server';

/**
 * One product server and one browser per test file, started before its tests and closed after
 * them. Read through the live bindings below once `useE2e()` has been called in the file.
 */
export let server: E2eServer;
export let browser: Browser;

export function useE2e(env: Record<string, string> = {}): void {
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
}

/** A JSON call to the server under test; a refused call fails the test with the server's answer. */
export const apiCall = (path: string, method: string, body?: unknown, token?: string) => callApi(server.url, path, method, body, token);

export interface Session {
  token: string;
  business: { id: string };
}

/** A business registered and approved through the API, its owner's e-mail and session returned. */
export async function approvedOwner(businessName: string): Promise<{ email: string; session: Session }> {
  const owner = uniqueEmail('owner');
  await apiCall('/business/account/register', 'POST', {
    business_name: businessName,
    first_name: 'Leila',
    last_name: 'Owner',
    email: owner,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms: true,
    country: 'TN',
  });
  await server.approve(owner);
  const session = (await apiCall('/business/account/auth', 'POST', { email: owner, password: PASSWORD, ip: '' })) as Session;
  return { email: owner, session };
}
