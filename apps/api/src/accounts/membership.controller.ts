import { Controller, Get } from '@nestjs/common';
import type { MembershipView } from '@tabour/accounts';
import { UserPrincipal } from '@tabour/platform';
import { CurrentUser } from '../common/auth';
import { MembershipService, PackageInfo } from './membership.service';

@Controller('business')
export class MembershipController {
  constructor(private readonly memberships: MembershipService) {}

  /** `{ package, plan, ends_at, trial: { active, days_left, hours_left, ends_at }, sms: { allowance, consumed, balance } }` */
  @Get('membership')
  membership(@CurrentUser() user: UserPrincipal): Promise<MembershipView> {
    return this.memberships.view(user.tenantId);
  }

  @Get('package')
  packages(): { data: PackageInfo[] } {
    return { data: this.memberships.packages() };
  }
}
