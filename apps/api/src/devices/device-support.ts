import { Inject, Injectable } from '@nestjs/common';
import type { RemoteCommand, RemoteCommandSent } from '@tabour/contracts';
import { AppConfig, invalid } from '@tabour/platform';
import { SessionEnds } from '../accounts/session-ends';
import { BroadcastService } from '../broadcast/broadcast.service';
import { APP_CONFIG } from '../common/tokens';
import { checkImage, storeImage, UploadedImage, uploadUrl } from '../organisation/uploads';
import { QueueQueries } from '../queues/queries';
import { DeviceCredentials, DeviceKind, IssuedCredentials } from './credentials.service';
import { DeviceQueries } from './devices.queries';

export type { RemoteCommand };

/** What kiosks and displays do alike in the back-office: their queues, their image, their secrets and commands. */
@Injectable()
export class DeviceSupport {
  constructor(
    private readonly credentials: DeviceCredentials,
    private readonly queries: DeviceQueries,
    private readonly queues: QueueQueries,
    private readonly broadcast: BroadcastService,
    private readonly sessionEnds: SessionEnds,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async checkQueues(tenantId: string, ids: string[] | undefined): Promise<void> {
    for (const q of ids ?? [])
      if (!(await this.queues.exists(tenantId, q.toLowerCase()))) throw invalid('Select valid queues', { queue_ids: ['Select valid queues'] });
  }

  /** The placeholder image, stored only once the form has been accepted. */
  async placeholder(tenantId: string, file?: UploadedImage): Promise<{ placeholder_image?: string }> {
    const ext = checkImage(file, 'placeholder');
    if (!file || !ext) return {};
    return { placeholder_image: uploadUrl(tenantId, await storeImage(this.config.dataDir, tenantId, file, ext))! };
  }

  /** New credentials, shown this once; every session of the device ends and its screen goes to the login. */
  async renew(kind: DeviceKind, tenantId: string, id: string): Promise<Record<string, unknown> & IssuedCredentials> {
    const issued = await this.credentials.issue(kind, id, tenantId);
    await this.credentials.revokeAll(id);
    this.broadcast.command(tenantId, kind, id, { type: 'logout' });
    return { ...(await this.queries.one(kind, tenantId, id)), ...issued };
  }

  /** A remote command to the device's screens; logout also ends its sessions on the server. */
  async remote(kind: DeviceKind, tenantId: string, id: string, command: RemoteCommand): Promise<RemoteCommandSent> {
    await this.queries.one(kind, tenantId, id);
    const ended = command === 'logout' ? await this.credentials.revokeAll(id) : 0;
    // Counted above; recorded so that every instance closes the device's sockets.
    if (command === 'logout') await this.sessionEnds.device(tenantId, kind, id, { type: 'system', name: 'remote logout' });
    this.broadcast.command(tenantId, kind, id, { type: command });
    return { sent: command, sessions_ended: ended };
  }
}

/** The settings given, without the absent ones, queue ids in lower case. */
export function stripSettings<T extends object>(o: T): T {
  return Object.fromEntries(
    Object.entries(o)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, k === 'queue_ids' && Array.isArray(v) ? v.map((x: string) => x.toLowerCase()) : v]),
  ) as T;
}
