import { Body, Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { DisplaySettings, ipAllowed } from '@tabour/devices';
import { Db, DomainError, forbidden, invalid, planRequired, Principal } from '@tabour/platform';
import { refuseDeletedBusiness } from '../accounts/business-gone';
import { SessionEnds } from '../accounts/session-ends';
import { Ctx, MembershipReader, PrincipalKinds, Public, RequiresPlan } from '../common/auth';
import { DB } from '../common/tokens';
import { OrganisationQueries } from '../organisation/queries';
import { DeviceCredentials } from './credentials.service';
import { DeviceQueries } from './devices.queries';
import { DisplayPingDto } from './display.dto';
import { DisplayBoard, DisplaysService } from './displays.service';
import { DeviceLoginDto } from './kiosk.dto';

export const DISPLAY_BAD_CREDENTIALS = 'Key and Secret do not match our records';
type DisplayPrincipal = Extract<Principal, { kind: 'display' }>;
type Me = DisplaySettings & { id: string; key: string };
const clientIp = (req: Request) => (req.ip ?? req.socket.remoteAddress ?? null)?.replace(/^::ffff:/, '') ?? null;
const userAgent = (req: Request) => (typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null);
const MAX_INFO_CHARS = 2000;

/**
 * The display screen itself (`/display` base): it logs in with its key and secret (or its
 * auto-login token) and then reads only its own board. A display token is refused by every
 * `/business` call (the guard admits staff principals only there).
 */
@ApiTags('display device')
@ApiBearerAuth()
@Controller('display')
@PrincipalKinds('display')
export class DisplayDeviceController {
  constructor(
    private readonly credentials: DeviceCredentials,
    private readonly devices: DeviceQueries,
    private readonly displays: DisplaysService,
    private readonly board: DisplayBoard,
    private readonly memberships: MembershipReader,
    private readonly organisation: OrganisationQueries,
    private readonly sessionEnds: SessionEnds,
    @Inject(DB) private readonly db: Db,
  ) {}

  @Public()
  @Post('auth')
  @HttpCode(200)
  async login(@Body() body: DeviceLoginDto, @Req() req: Request) {
    const found = await this.credentials.check('display', body);
    if (!found) throw new DomainError(401, DISPLAY_BAD_CREDENTIALS, 'bad_credentials');
    await refuseDeletedBusiness(this.db, found.tenant_id);
    const settings = found.settings as unknown as DisplaySettings;
    if (found.status !== 'active') throw forbidden('This display is inactive');
    const pkg = await this.memberships.activePackage(found.tenant_id);
    if (pkg !== 'TRIAL' && pkg !== 'LIBERUP' && pkg !== 'LIBERPRO') throw planRequired();
    const ip = clientIp(req);
    if (!ipAllowed(ip, settings.ip ? [settings.ip] : [])) throw forbidden('This display may not be used from this address');
    if (settings.mac) {
      // A browser cannot read its MAC address: the screen's shell sends it in this header.
      const mac = String(req.headers['x-device-mac'] ?? '')
        .trim()
        .toLowerCase()
        .replace(/-/g, ':');
      if (mac !== settings.mac) throw forbidden('This display may not be used from this device');
    }
    const token = await this.credentials.open('display', found.id, found.tenant_id, ip);
    await this.displays.record(found.tenant_id, found.id, 'login', { ip, userAgent: userAgent(req), info: { by: body.token ? 'token' : 'key' } });
    const display = await this.devices.own('display', found.tenant_id, found.id);
    const business = await this.organisation.business(found.tenant_id);
    return { token, display, business: { id: business.id, name: business.name, logo_url: business.logo_url } };
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Ctx() display: DisplayPrincipal, @Req() req: Request) {
    await this.sessionEnds.logout(display);
    await this.displays.record(display.tenantId, display.displayId, 'logout', { ip: clientIp(req), userAgent: userAgent(req) });
    return { message: 'Logged out' };
  }

  /** The board: the display's queues, the tickets called to a counter now and the last ones called today. */
  @Get('screen')
  @RequiresPlan('LIBERUP', 'LIBERPRO')
  async screen(@Ctx() display: DisplayPrincipal, @Req() req: Request) {
    const me = await this.guard(display, req);
    return this.board.forDisplay(display.tenantId, me);
  }

  /** The screen says it is alive: a row in its log, and its session's last seen. */
  @Post('ping')
  @HttpCode(200)
  @RequiresPlan('LIBERUP', 'LIBERPRO')
  async ping(@Ctx() display: DisplayPrincipal, @Req() req: Request, @Body() body: DisplayPingDto) {
    const info = body.info ?? {};
    if (JSON.stringify(info).length > MAX_INFO_CHARS)
      throw invalid('The information may have at most 2000 characters', { info: ['The information may have at most 2000 characters'] });
    const me = await this.guard(display, req);
    await this.displays.record(display.tenantId, display.displayId, 'ping', { ip: clientIp(req), userAgent: userAgent(req), info });
    return { at: new Date(), updated_at: (me as Me & { updated_at: Date }).updated_at };
  }

  /** The display's settings, after the address check its settings ask for; the session is seen now. */
  private async guard(display: DisplayPrincipal, req: Request): Promise<Me> {
    const me = (await this.devices.own('display', display.tenantId, display.displayId)) as unknown as Me;
    if (!ipAllowed(clientIp(req), me.ip ? [me.ip] : [])) throw forbidden('This display may not be used from this address');
    await this.credentials.touch(display.sessionId);
    return me;
  }
}
