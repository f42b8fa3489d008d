import { randomBytes } from 'node:crypto';

export const PASSWORD = 'Str0ng!Pass';
export const uniqueEmail = (who: string) => `${who}.${randomBytes(4).toString('hex')}@example.test`;

/** A JSON call to the server under test; a refused call fails the test with the server's answer. */
export async function callApi(baseUrl: string, path: string, method: string, body?: unknown, token?: string) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}
