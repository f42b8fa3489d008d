import { Kysely } from 'kysely';
import { emailKey } from '../libs/platform/src/email';

/*
 * `users.email_lower` becomes the e-mail's key (`emailKey`, docs/security.md "Public entry
 * points"): look-alike letters from other scripts folded to the ASCII they imitate, invisible
 * characters and compatibility forms out, so that an address copying a taken one with a
 * Cyrillic `а` or a zero-width space is taken too. A plain ASCII address keeps the key it had
 * (its lower case); only the rows with other characters change.
 *
 * Two rows registered before whose keys are now one keep their old keys, the older row first to
 * take the new one, so the upgrade never fails and no login changes owner; a warning names them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const rows: { id: string; email: string; email_lower: string }[] = await db
    .selectFrom('users')
    .select(['id', 'email', 'email_lower'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const taken = new Set(rows.map((r) => r.email_lower));
  for (const r of rows) {
    const key = emailKey(r.email);
    if (key === r.email_lower) continue;
    if (taken.has(key)) {
      console.warn(`users: ${r.id}'s e-mail looks like another account's; its key is left as it was`);
      continue;
    }
    await db.updateTable('users').set({ email_lower: key }).where('id', '=', r.id).execute();
    taken.delete(r.email_lower);
    taken.add(key);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const rows: { id: string; email: string }[] = await db.selectFrom('users').select(['id', 'email']).execute();
  for (const r of rows) await db.updateTable('users').set({ email_lower: r.email.toLowerCase() }).where('id', '=', r.id).execute();
}
