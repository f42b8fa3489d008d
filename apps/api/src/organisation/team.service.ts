import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  BusinessRegisteredEvent,
  MemberFields,
  MemberInput,
  memberStream,
  ownerRegistration,
  TeamCommand,
  teamDecider,
  TeamEvent,
  TeamState,
  WorkingDays,
} from '@tabour/organisation';
import { AppConfig, invalid, UserPrincipal } from '@tabour/platform';
import { StaffAccounts } from '../common/staff-accounts';
import { APP_CONFIG } from '../common/tokens';
import { Commands } from '../common/commands';
import { actorOf } from '../common/actor';
import { OrganisationQueries } from './queries';
import { checkImage, storeImage, UploadedImage } from './uploads';

export const EMAIL_TAKEN = 'Email is invalid or used by another account';

type Active = Exclude<TeamState, { status: 'none' }>;
/** Who acts: the caller, or the demo seed acting as the demo administrator. */
export type TeamCaller = Pick<UserPrincipal, 'tenantId' | 'userId' | 'role' | 'name'>;

export type NewMember = Omit<MemberInput, 'photo'> & { working_days?: WorkingDays | null };

/**
 * Team commands. A member with an e-mail gets a login from the accounts context, created
 * only once the decision has passed (a dry run), so a refused form creates no login; the
 * login has no password until its owner sets one with the reset flow.
 */
@Injectable()
export class TeamService {
  constructor(
    private readonly commands: Commands,
    private readonly queries: OrganisationQueries,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly staff: StaffAccounts,
  ) {}

  async create(by: TeamCaller, member: NewMember, file?: UploadedImage, id: string = randomUUID()): Promise<string> {
    const ext = checkImage(file, 'photo');
    await this.checkDepartment(by.tenantId, member.department_id);
    const { working_days, ...rest } = member;
    const fields: MemberInput = {
      ...rest,
      email: rest.email?.trim().toLowerCase() || null,
      department_id: rest.department_id?.toLowerCase() ?? null,
      photo: null,
    };
    const command: TeamCommand = {
      type: 'AddTeamMember',
      member_id: id,
      business_id: by.tenantId,
      actor: { user_id: by.userId, role: by.role },
      fields,
      working_days: working_days ?? null,
    };
    const decided = await this.commands.check(teamDecider, memberStream(id), command);
    if (decided.length === 0) return id; // already added: a retried seed
    if (fields.email) await this.checkEmail(fields.email);
    const added = (decided[0] as Extract<TeamEvent, { type: 'TeamMemberAdded' }>).data;
    if (file && ext) fields.photo = await storeImage(this.config.dataDir, by.tenantId, file, ext);
    const actor = actorOf(by as UserPrincipal);
    if (added.email) {
      await this.staff.createLogin(
        {
          tenantId: by.tenantId,
          userId: id,
          email: added.email,
          firstName: added.first_name,
          lastName: added.last_name,
          position: added.position,
          role: added.role,
        },
        actor,
      );
    }
    try {
      await this.commands.run(teamDecider, memberStream(id), command, { tenantId: by.tenantId, actor });
    } catch (err) {
      if (added.email) await this.staff.removeLogin(by.tenantId, id, actor).catch(() => undefined);
      throw err;
    }
    return id;
  }

  async update(by: TeamCaller, id: string, fields: Partial<MemberInput>, file?: UploadedImage): Promise<void> {
    const ext = checkImage(file, 'photo');
    if (fields.department_id !== undefined) {
      await this.checkDepartment(by.tenantId, fields.department_id);
      fields.department_id = fields.department_id?.toLowerCase() ?? null;
    }
    if (fields.email !== undefined) fields.email = fields.email?.trim().toLowerCase() || null;
    const command: TeamCommand = { type: 'UpdateTeamMember', member_id: id, business_id: by.tenantId, actor: { user_id: by.userId, role: by.role }, fields };
    const sources = this.sources(by.tenantId, id);
    const { state } = await this.commands.load(teamDecider, memberStream(id), sources);
    const events = teamDecider.decide(command, state);
    const changes = (events[0] as Extract<TeamEvent, { type: 'TeamMemberUpdated' }> | undefined)?.data.changes ?? {};
    if (changes.email) await this.checkEmail(changes.email, id);
    if (file && ext) fields.photo = await storeImage(this.config.dataDir, by.tenantId, file, ext);
    await this.syncLogin(by, id, state as Active, changes);
    await this.commands.run(teamDecider, memberStream(id), command, { tenantId: by.tenantId, actor: actorOf(by as UserPrincipal), ...sources });
  }

  async setWorkingDays(by: TeamCaller, id: string, workingDays: WorkingDays): Promise<void> {
    await this.commands.run(
      teamDecider,
      memberStream(id),
      { type: 'UpdateTeamMemberWorkingDays', member_id: id, business_id: by.tenantId, actor: { user_id: by.userId, role: by.role }, working_days: workingDays },
      { tenantId: by.tenantId, actor: actorOf(by as UserPrincipal), ...this.sources(by.tenantId, id) },
    );
  }

  async remove(by: TeamCaller, id: string): Promise<void> {
    const command: TeamCommand = { type: 'RemoveTeamMember', member_id: id, business_id: by.tenantId, actor: { user_id: by.userId, role: by.role } };
    const sources = this.sources(by.tenantId, id);
    const { state } = await this.commands.load(teamDecider, memberStream(id), sources);
    teamDecider.decide(command, state);
    const actor = actorOf(by as UserPrincipal);
    if ((state as Active).email) await this.staff.removeLogin(by.tenantId, id, actor);
    await this.commands.run(teamDecider, memberStream(id), command, { tenantId: by.tenantId, actor, ...sources });
  }

  /**
   * A member's state begins, for the owner, with the business's registration (the accounts
   * stream), and takes in the changes members make to their own profile (their login's stream).
   */
  private sources(tenantId: string, memberId: string) {
    return {
      origin: async (): Promise<(TeamEvent | BusinessRegisteredEvent)[]> => {
        // BusinessRegistered opens the account stream.
        const registration = ownerRegistration(await this.commands.readStream(`account-${tenantId}`, { limit: 1 }), memberId);
        return registration && registration.data.business_id === tenantId ? [registration] : [];
      },
      alongside: async () =>
        (await this.commands.readStream(`user-${memberId}`)).filter(
          (e) =>
            e.type === 'UserProfileUpdated' &&
            (e.data as { source?: string } | null)?.source === 'self' &&
            (e.data as { business_id?: string } | null)?.business_id === tenantId,
        ),
    };
  }

  private async syncLogin(by: TeamCaller, id: string, before: Active, changes: Partial<MemberFields>): Promise<void> {
    if (!['email', 'first_name', 'last_name', 'position', 'role'].some((k) => k in changes)) return;
    const next = { ...before, ...changes };
    if (!next.email) return;
    const input = {
      tenantId: by.tenantId,
      userId: id,
      email: next.email,
      firstName: next.first_name,
      lastName: next.last_name,
      position: next.position,
      role: next.role,
    };
    // A member without an e-mail had no login; giving one creates it.
    if (!before.email) await this.staff.createLogin(input, actorOf(by as UserPrincipal));
    else await this.staff.updateLogin(input, actorOf(by as UserPrincipal));
  }

  private async checkEmail(email: string, exceptUserId?: string): Promise<void> {
    if (!(await this.staff.isEmailAvailable(email, exceptUserId))) throw invalid(EMAIL_TAKEN, { email: [EMAIL_TAKEN] }, 'email_taken');
  }

  private async checkDepartment(tenantId: string, departmentId: string | null | undefined): Promise<void> {
    if (departmentId && !(await this.queries.departmentExists(tenantId, departmentId.toLowerCase()))) {
      throw invalid('Select a valid department', { department_id: ['Select a valid department'] });
    }
  }
}
