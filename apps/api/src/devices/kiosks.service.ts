import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Actor } from '@tabour/eventstore';
import { DEFAULT_KIOSK, kioskDecider, KioskSettings, kioskStream } from '@tabour/devices';
import { AppConfig, invalid } from '@tabour/platform';
import { BroadcastService } from '../broadcast/broadcast.service';
import { APP_CONFIG } from '../common/tokens';
import { OrganisationCommands } from '../organisation/commands';
import { checkImage, storeImage, UploadedImage, uploadUrl } from '../organisation/uploads';
import { QueueQueries } from '../queues/queries';
import { DeviceCredentials, IssuedCredentials, newDeviceKey } from './credentials.service';
import { DeviceQueries } from './devices.queries';

export type RemoteCommand = 'autologin' | 'refresh' | 'logout' | 'v1' | 'v2';

/** Kiosks as the back-office manages them (docs/devices.md). */
@Injectable()
export class KiosksService {
  constructor(
    private readonly commands: OrganisationCommands,
    private readonly credentials: DeviceCredentials,
    private readonly queries: DeviceQueries,
    private readonly queues: QueueQueries,
    private readonly broadcast: BroadcastService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async checkQueues(tenantId: string, ids: string[] | undefined): Promise<void> {
    for (const q of ids ?? []) if (!(await this.queues.exists(tenantId, q.toLowerCase()))) throw invalid('Select valid queues', { queue_ids: ['Select valid queues'] });
  }

  private async image(tenantId: string, file?: UploadedImage): Promise<{ placeholder_image?: string }> {
    const ext = checkImage(file, 'placeholder');
    if (!file || !ext) return {};
    return { placeholder_image: uploadUrl(tenantId, await storeImage(this.config.dataDir, tenantId, file, ext))! };
  }

  /** The answer of a creation: the kiosk, its key, and its secret and auto-login token, shown this once. */
  async create(tenantId: string, actor: Actor, fields: Partial<KioskSettings> & { name: string }, file?: UploadedImage): Promise<Record<string, unknown> & IssuedCredentials> {
    await this.checkQueues(tenantId, fields.queue_ids);
    const id = randomUUID();
    const key = newDeviceKey('kiosk');
    const settings = { ...DEFAULT_KIOSK, ...strip(fields) } as KioskSettings;
    // Checked before the image is stored, so a refused form leaves nothing behind.
    kioskDecider.decide({ type: 'CreateKiosk', kiosk_id: id, business_id: tenantId, key, settings }, kioskDecider.initialState());
    const image = await this.image(tenantId, file);
    await this.commands.run(kioskDecider, kioskStream(id), { type: 'CreateKiosk', kiosk_id: id, business_id: tenantId, key, settings: { ...settings, ...image } }, { tenantId, actor });
    const issued = await this.credentials.issue('kiosk', id, tenantId);
    return { ...(await this.queries.one('kiosk', tenantId, id)), ...issued };
  }

  async update(tenantId: string, actor: Actor, id: string, changes: Partial<KioskSettings>, file?: UploadedImage) {
    await this.checkQueues(tenantId, changes.queue_ids);
    const command = { type: 'UpdateKiosk' as const, kiosk_id: id, business_id: tenantId, changes: strip(changes) };
    await this.commands.check(kioskDecider, kioskStream(id), command);
    const image = await this.image(tenantId, file);
    const { events } = await this.commands.run(kioskDecider, kioskStream(id), { ...command, changes: { ...command.changes, ...image } }, { tenantId, actor });
    // A kiosk made inactive stops at once; its screen reloads into the login.
    if (events.some((e) => e.type === 'KioskUpdated' && (e.data.changes as Partial<KioskSettings>).status === 'inactive')) await this.remote(tenantId, id, 'logout');
    else if (events.length) this.broadcast.command(tenantId, 'kiosk', id, { type: 'refresh' });
    return this.queries.one('kiosk', tenantId, id);
  }

  async remove(tenantId: string, actor: Actor, id: string): Promise<void> {
    await this.commands.run(kioskDecider, kioskStream(id), { type: 'DeleteKiosk', kiosk_id: id, business_id: tenantId }, { tenantId, actor });
    this.broadcast.command(tenantId, 'kiosk', id, { type: 'logout' });
    await this.credentials.forget(id);
  }

  /** A new secret and auto-login token, shown this once; every session of the kiosk ends. */
  async reset(tenantId: string, actor: Actor, id: string): Promise<Record<string, unknown> & IssuedCredentials> {
    await this.commands.run(kioskDecider, kioskStream(id), { type: 'ResetKioskSecret', kiosk_id: id, business_id: tenantId }, { tenantId, actor });
    const issued = await this.credentials.issue('kiosk', id, tenantId);
    await this.credentials.revokeAll(id);
    this.broadcast.command(tenantId, 'kiosk', id, { type: 'logout' });
    return { ...(await this.queries.one('kiosk', tenantId, id)), ...issued };
  }

  async remote(tenantId: string, id: string, command: RemoteCommand): Promise<{ sent: RemoteCommand; sessions_ended: number }> {
    await this.queries.one('kiosk', tenantId, id);
    const ended = command === 'logout' ? await this.credentials.revokeAll(id) : 0;
    this.broadcast.command(tenantId, 'kiosk', id, { type: command });
    return { sent: command, sessions_ended: ended };
  }
}

function strip<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined).map(([k, v]) => [k, k === 'queue_ids' && Array.isArray(v) ? v.map((x: string) => x.toLowerCase()) : v])) as T;
}
