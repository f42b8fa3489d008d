import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Actor } from '@tabour/eventstore';
import { DEFAULT_KIOSK, kioskDecider, KioskSettings, kioskStream } from '@tabour/devices';
import { BroadcastService } from '../broadcast/broadcast.service';
import { Commands } from '../common/commands';
import { UploadedImage } from '../organisation/uploads';
import { DeviceCredentials, IssuedCredentials, newDeviceKey } from './credentials.service';
import { DeviceQueries } from './devices.queries';
import { DeviceSupport, RemoteCommand, stripSettings } from './device-support';

export type { RemoteCommand } from './device-support';

/** Kiosks as the back-office manages them (docs/devices.md). */
@Injectable()
export class KiosksService {
  constructor(
    private readonly commands: Commands,
    private readonly credentials: DeviceCredentials,
    private readonly queries: DeviceQueries,
    private readonly broadcast: BroadcastService,
    private readonly devices: DeviceSupport,
  ) {}

  /** The answer of a creation: the kiosk, its key, and its secret and auto-login token, shown this once. */
  async create(
    tenantId: string,
    actor: Actor,
    fields: Partial<KioskSettings> & { name: string },
    file?: UploadedImage,
  ): Promise<Record<string, unknown> & IssuedCredentials> {
    await this.devices.checkQueues(tenantId, fields.queue_ids);
    const id = randomUUID();
    const key = newDeviceKey('kiosk');
    const settings = { ...DEFAULT_KIOSK, ...stripSettings(fields) } as KioskSettings;
    // Checked before the image is stored, so a refused form leaves nothing behind.
    kioskDecider.decide({ type: 'CreateKiosk', kiosk_id: id, business_id: tenantId, key, settings }, kioskDecider.initialState());
    const image = await this.devices.placeholder(tenantId, file);
    await this.commands.run(
      kioskDecider,
      kioskStream(id),
      { type: 'CreateKiosk', kiosk_id: id, business_id: tenantId, key, settings: { ...settings, ...image } },
      { tenantId, actor },
    );
    const issued = await this.credentials.issue('kiosk', id, tenantId);
    return { ...(await this.queries.one('kiosk', tenantId, id)), ...issued };
  }

  async update(tenantId: string, actor: Actor, id: string, changes: Partial<KioskSettings>, file?: UploadedImage) {
    await this.devices.checkQueues(tenantId, changes.queue_ids);
    const command = { type: 'UpdateKiosk' as const, kiosk_id: id, business_id: tenantId, changes: stripSettings(changes) };
    await this.commands.check(kioskDecider, kioskStream(id), command);
    const image = await this.devices.placeholder(tenantId, file);
    const { events } = await this.commands.run(kioskDecider, kioskStream(id), { ...command, changes: { ...command.changes, ...image } }, { tenantId, actor });
    // A kiosk made inactive stops at once; its screen reloads into the login.
    if (events.some((e) => e.type === 'KioskUpdated' && (e.data.changes as Partial<KioskSettings>).status === 'inactive'))
      await this.remote(tenantId, id, 'logout');
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
    return this.devices.renew('kiosk', tenantId, id);
  }

  remote(tenantId: string, id: string, command: RemoteCommand) {
    return this.devices.remote('kiosk', tenantId, id, command);
  }
}
