import type { Client } from 'pg';
import type { ConnectFn } from './connection';
import { APPENDED_CHANNEL } from './pg-event-store';

/**
 * `LISTEN es_appended` on a connection of its own, so appends from any process wake the
 * subscriptions at once. Losing the connection only slows them to their poll; it reconnects.
 * Another channel may be named (a projection's own notice); its payload is passed as it came.
 */
export class AppendNotifier {
  private client?: Client;
  private stopped = true;
  private retry?: NodeJS.Timeout;

  constructor(
    private readonly connect: ConnectFn,
    private readonly onNotice: (position: number, payload: string) => void,
    private readonly reconnectMs = 2000,
    private readonly channel = APPENDED_CHANNEL,
  ) {}

  get listening(): boolean {
    return !!this.client;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.open();
  }

  private async open(): Promise<void> {
    if (this.stopped) return;
    let client: Client | undefined;
    try {
      client = await this.connect();
      client.on('notification', (msg) => {
        if (msg.channel === this.channel) this.onNotice(Number(msg.payload), msg.payload ?? '');
      });
      const lost = () => {
        if (this.client !== client) return;
        this.client = undefined;
        void client!.end().catch(() => undefined);
        this.schedule();
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.query(`LISTEN ${this.channel}`);
      this.client = client;
      // Appends between the loss and now sent notices nobody heard.
      this.onNotice(0, '*');
    } catch {
      await client?.end().catch(() => undefined);
      this.schedule();
    }
  }

  private schedule(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.open();
    }, this.reconnectMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = undefined;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
