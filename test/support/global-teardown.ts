import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const adminUrl = process.env.TABOUR_TEST_ADMIN_URL;
  const run = process.env.TABOUR_TEST_RUN;
  if (!adminUrl || !run) return;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${run}%`]);
  // The template last: clones may still be dropping.
  for (const { datname } of rows.sort((a) => (a.datname.endsWith('_tpl') ? 1 : -1))) {
    await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
  await admin.end();
  delete process.env.TABOUR_TEST_TEMPLATE;
  await globalThis.__tabourStopPg?.();
}
