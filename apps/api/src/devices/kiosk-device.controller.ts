import { Body, Controller, Get, HttpCode, Inject, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { KioskQueue, KioskSms, KioskState, KioskTicket, ServerInstant } from '@tabour/contracts';
import { ipAllowed, KioskSettings } from '@tabour/devices';
import { isOpenAt, memberCards, WorkingDays } from '@tabour/organisation';
import { AppConfig, conflict, DomainError, forbidden, invalid, notFound, planRequired, Principal, unauthorized } from '@tabour/platform';
import { customerCard, customerCardByPhone, toE164 } from '@tabour/customers';
import { refuseDeletedBusiness } from '../accounts/business-gone';
import { SessionEnds } from '../accounts/session-ends';
import { Ctx, MembershipReader, PrincipalKinds, Public, RequiresPlan } from '../common/auth';
import { APP_CONFIG, DB } from '../common/tokens';
import { BookingCheckins } from '../bookings/checkin.service';
import { CustomersService } from '../customers/customers.service';
import { NotifyService } from '../notifications/notify.service';
import { OrganisationQueries } from '../organisation/queries';
import { QueueClock } from '../queues/clock';
import { QueueQueries } from '../queues/queries';
import { QueuesService } from '../queues/queues.service';
import { DeviceCredentials } from './credentials.service';
import { DeviceQueries } from './devices.queries';
import { DeviceLoginDto, KioskCustomerDto, KioskPhoneDto, KioskPushDto } from './kiosk.dto';
import { Db } from '@tabour/platform';

export const KIOSK_BAD_CREDENTIALS = 'Key and Secret do not match our records';
const NO_CONFIRMED_BOOKING = 'This queue admits only customers with a confirmed booking for today';
type KioskPrincipal = Extract<Principal, { kind: 'kiosk' }>;
const clientIp = (req: Request) => (req.ip ?? req.socket.remoteAddress ?? null)?.replace(/^::ffff:/, '') ?? null;

/**
 * The kiosk itself (`/kiosk` base): it logs in with its key and secret and then reaches only
 * these calls, only for its own business and its own queues. A kiosk token is refused by every
 * `/business` call (the guard admits staff principals only there).
 */
@ApiTags('kiosk device')
@ApiBearerAuth()
@Controller('kiosk')
@PrincipalKinds('kiosk')
export class KioskDeviceController {
  constructor(
    private readonly credentials: DeviceCredentials,
    private readonly devices: DeviceQueries,
    private readonly memberships: MembershipReader,
    private readonly queues: QueuesService,
    private readonly queueQueries: QueueQueries,
    private readonly clock: QueueClock,
    private readonly organisation: OrganisationQueries,
    private readonly customers: CustomersService,
    private readonly notify: NotifyService,
    private readonly checkins: BookingCheckins,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DB) private readonly db: Db,
    private readonly sessionEnds: SessionEnds,
  ) {}

  @Public()
  @Post('auth')
  @HttpCode(200)
  async login(@Body() body: DeviceLoginDto, @Req() req: Request) {
    const found = await this.credentials.check('kiosk', body);
    if (!found) throw new DomainError(401, KIOSK_BAD_CREDENTIALS, 'bad_credentials');
    await refuseDeletedBusiness(this.db, found.tenant_id);
    const settings = found.settings as unknown as KioskSettings;
    if (found.status !== 'active') throw forbidden('This kiosk is inactive');
    const pkg = await this.memberships.activePackage(found.tenant_id);
    if (pkg !== 'TRIAL' && pkg !== 'LIBERUP' && pkg !== 'LIBERPRO') throw planRequired();
    const ip = clientIp(req);
    if (!ipAllowed(ip, settings.ip_restriction)) throw forbidden('This kiosk may not be used from this address');
    if (settings.mac_restriction.length) {
      // A browser cannot read its MAC address: the kiosk's shell sends it in this header.
      const mac = String(req.headers['x-device-mac'] ?? '')
        .toLowerCase()
        .replace(/-/g, ':');
      if (!settings.mac_restriction.includes(mac)) throw forbidden('This kiosk may not be used from this device');
    }
    const token = await this.credentials.open('kiosk', found.id, found.tenant_id, ip);
    return { token, ...(await this.describe(found.tenant_id, found.id)) };
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Ctx() kiosk: KioskPrincipal) {
    await this.sessionEnds.logout(kiosk);
    return { message: 'Logged out' };
  }

  /** The kiosk's settings, its business and its queues with their services: all the check-in needs. */
  @Get('refresh')
  @RequiresPlan('LIBERUP', 'LIBERPRO')
  async refresh(@Ctx() kiosk: KioskPrincipal, @Req() req: Request) {
    await this.guard(kiosk, req);
    return this.describe(kiosk.tenantId, kiosk.kioskId);
  }

  /** Finds a customer by phone; answers only a first name, as a public screen may show no more. */
  @Post('customer/search')
  @RequiresPlan('LIBERUP', 'LIBERPRO')
  @HttpCode(200)
  async search(@Ctx() kiosk: KioskPrincipal, @Req() req: Request, @Body() body: KioskPhoneDto) {
    await this.guard(kiosk, req);
    const phone = toE164(body.phone, (await this.organisation.business(kiosk.tenantId)).country ?? null);
    if (!phone) throw invalid('Enter a valid phone number', { phone: ['Enter a valid phone number'] });
    const c = await customerCardByPhone(this.db, kiosk.tenantId, phone);
    return { customer: c ? { id: c.id, first_name: c.first_name } : null };
  }

  @Put('customer/create')
  @RequiresPlan('LIBERUP', 'LIBERPRO')
  async createCustomer(@Ctx() kiosk: KioskPrincipal, @Req() req: Request, @Body() body: KioskCustomerDto) {
    const settings = await this.guard(kiosk, req);
    if (settings.require_internal_id && !body.internal_id?.trim())
      throw invalid('The internal id is required', { internal_id: ['The internal id is required'] });
    if (settings.collect_customer_details && (!body.first_name?.trim() || !body.last_name?.trim())) {
      const errors: Record<string, string[]> = {};
      if (!body.first_name?.trim()) errors.first_name = ['The first name is required'];
      if (!body.last_name?.trim()) errors.last_name = ['The last name is required'];
      throw invalid(Object.values(errors)[0][0], errors);
    }
    const c = await this.customers.create(kiosk.tenantId, { type: 'kiosk', id: kiosk.kioskId }, { ...body }, 'kiosk');
    return { customer: { id: c.id, first_name: c.first_name } };
  }

  /**
   * A queue that requires a confirmed booking admits a customer with one of today: the join is
   * that booking's check-in, so the ticket and the booking name each other.
   */
  private async checkInBooked(kiosk: KioskPrincipal, queueId: string, departmentIds: string[], customerId: string | null | undefined) {
    const bookingId = customerId ? await this.checkins.confirmedToday(kiosk.tenantId, customerId, queueId, departmentIds) : null;
    if (!bookingId) throw invalid(NO_CONFIRMED_BOOKING, { customer_id: [NO_CONFIRMED_BOOKING] });
    const done = await this.checkins.checkIn(kiosk.tenantId, bookingId, { type: 'kiosk', id: kiosk.kioskId }, queueId);
    return { ticketId: done.ticket_id, outcome: done.outcome };
  }

  /** Joins a queue of this kiosk: the ticket, its link, and the SMS when the kiosk sends one. */
  @Put('queue/push')
  @RequiresPlan('LIBERUP', 'LIBERPRO')
  async push(@Ctx() kiosk: KioskPrincipal, @Req() req: Request, @Body() body: KioskPushDto): Promise<KioskTicket<ServerInstant>> {
    const settings = await this.guard(kiosk, req);
    const queueId = body.queue_id.toLowerCase();
    if (!settings.queue_ids.includes(queueId)) throw notFound('This kiosk does not serve this queue');
    if (settings.guest_login_required && !body.customer_id)
      throw invalid('Identify yourself with your phone number first', { customer_id: ['Identify yourself with your phone number first'] });
    const queue = await this.queues.live(kiosk.tenantId, queueId);
    const days = queue.settings!.working_days as WorkingDays | null;
    if (Array.isArray(days) && days.length && !isOpenAt(days, new Date(), await this.clock.zone(kiosk.tenantId)))
      throw conflict('This queue is closed now', 'queue_closed');
    if (!settings.allow_multiple_services && (body.service_ids?.length ?? 0) > 1) throw invalid('Select one service', { service_ids: ['Select one service'] });
    if (body.member_id) {
      const q = queue.settings!;
      if (!q.customer_chooses_member)
        throw invalid('This queue does not let customers choose a team member', { member_id: ['This queue does not let customers choose a team member'] });
      if (!q.member_ids.includes(body.member_id.toLowerCase())) throw invalid('Select a valid team member', { member_id: ['Select a valid team member'] });
    }
    const { ticketId, outcome } = queue.settings!.require_confirmed_booking
      ? await this.checkInBooked(kiosk, queueId, queue.settings!.department_ids, body.customer_id)
      : await this.queues.push(
          kiosk.tenantId,
          queueId,
          { type: 'kiosk', id: kiosk.kioskId },
          {
            service_ids: body.service_ids,
            customer_id: body.customer_id?.toLowerCase() ?? null,
            customer_name: body.customer_id ? null : (body.customer_name ?? null),
            member_id: body.member_id?.toLowerCase() ?? null,
          },
        );
    const t = outcome.state.tickets.get(ticketId)!;
    const rank = outcome.state.waiting.indexOf(ticketId) + 1;
    const link = `${this.config.publicUrl.replace(/\/$/, '')}/t/${t.uid}`;
    const live = (await this.queueQueries.publicTicket(t.uid))?.view;
    let sms: KioskSms = 'not_requested';
    if (settings.sms_ticket && body.customer_id) {
      const customerId = body.customer_id.toLowerCase();
      const c = await customerCard(this.db, kiosk.tenantId, customerId);
      sms = !c?.phone
        ? 'no_phone'
        : await this.notify.ticketSms(
            kiosk.tenantId,
            {
              id: ticketId,
              customer_id: customerId,
              label: t.label,
              queue: queue.settings!.name,
              link,
              rank,
              estimated_wait_seconds: live?.estimated_wait_seconds ?? null,
            },
            body.language ?? null,
          );
    }
    return {
      uid: t.uid,
      label: t.label,
      number: t.number,
      queue: { id: queueId, name: queue.settings!.name, translations: queue.settings!.translations },
      rank,
      ahead: rank - 1,
      estimated_wait_seconds: live?.estimated_wait_seconds ?? null,
      checked_in_at: t.checked_in_at,
      link,
      sms,
    };
  }

  /** The kiosk's settings, after the per-call checks its settings ask for. */
  private async guard(kiosk: KioskPrincipal, req: Request): Promise<KioskSettings> {
    const me = await this.devices.own('kiosk', kiosk.tenantId, kiosk.kioskId);
    const ip = clientIp(req);
    if (!ipAllowed(ip, me.ip_restriction)) throw forbidden('This kiosk may not be used from this address');
    if (me.logout_on_ip_change) {
      const session = await this.credentials.session(kiosk.sessionId);
      if (session && session.ip !== ip) {
        await this.sessionEnds.logout(kiosk, 'address_changed');
        throw unauthorized('The kiosk changed address: log in again');
      }
    }
    await this.credentials.touch(kiosk.sessionId);
    return me;
  }

  private async choosableMembers(tenantId: string, ids: string[]): Promise<{ id: string; name: string }[]> {
    const rows = await memberCards(this.db).where('tenant_id', '=', tenantId).where('id', 'in', ids).orderBy('first_name').orderBy('last_name').execute();
    return rows.map((m) => ({ id: m.id, name: [m.first_name, m.last_name ? `${m.last_name.charAt(0)}.` : ''].filter(Boolean).join(' ') }));
  }

  private async describe(tenantId: string, kioskId: string): Promise<KioskState<ServerInstant>> {
    const kiosk = await this.devices.own('kiosk', tenantId, kioskId);
    const business = await this.organisation.business(tenantId);
    const queues: KioskQueue[] = [];
    for (const id of kiosk.queue_ids) {
      const q = await this.queueQueries.queue(tenantId, id).catch(() => null);
      if (!q) continue;
      const services = q.service_ids.length
        ? (await Promise.all(q.service_ids.map((s) => this.organisation.service(tenantId, s).catch(() => null)))).filter((x) => x !== null)
        : [];
      // The queue's team members, when its customers may ask for one of them: first name and initial, as a badge shows them.
      const members = q.customer_chooses_member && q.member_ids.length ? await this.choosableMembers(tenantId, q.member_ids) : [];
      queues.push({
        id: q.id,
        name: q.name,
        translations: q.translations,
        paused: q.paused,
        waiting: q.summary.waiting,
        customer_chooses_member: q.customer_chooses_member,
        services,
        members,
      });
    }
    return {
      kiosk,
      business: { id: business.id, name: business.name, logo_url: business.logo_url, country: business.country, time_zone: business.time_zone },
      queues,
    };
  }
}
