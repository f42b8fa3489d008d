import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { ChannelUnavailable, EmailMessage, Notifier } from './notifier';

export interface StoredEmail extends EmailMessage {
  id: string;
  sent_at: string;
}

export const mailboxDir = (dataDir: string) => path.join(dataDir, 'mailbox');

/**
 * Delivers e-mail into a local folder, one JSON file per message, so an installation without
 * a mail server (development, tests, a demo) still lets people read what was sent. No SMS
 * transport exists yet, and sending one fails rather than pretending.
 */
export class MailboxNotifier extends Notifier {
  constructor(private readonly dir: string) {
    super();
  }

  async sendEmail(message: EmailMessage): Promise<void> {
    const sent_at = new Date().toISOString();
    const id = randomUUID();
    const stored: StoredEmail = { id, sent_at, ...message };
    await fs.mkdir(this.dir, { recursive: true });
    // Written aside then renamed, so a reader never sees half a message.
    const name = `${sent_at.replace(/[:.]/g, '-')}-${id}.json`;
    const tmp = path.join(this.dir, `.${name}.tmp`);
    await fs.writeFile(tmp, JSON.stringify(stored, null, 2));
    await fs.rename(tmp, path.join(this.dir, name));
  }

  async sendSms(): Promise<void> {
    throw new ChannelUnavailable('sms');
  }
}

/** Newest first; `to` filters by recipient (case-insensitive). */
export async function readMailbox(dir: string, options: { to?: string; limit?: number } = {}): Promise<StoredEmail[]> {
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  const names = files
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .sort()
    .reverse();
  const to = options.to?.toLowerCase();
  const out: StoredEmail[] = [];
  for (const name of names) {
    if (out.length >= (options.limit ?? 10)) break;
    const msg = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as StoredEmail;
    if (!to || msg.to.toLowerCase() === to) out.push(msg);
  }
  return out;
}
