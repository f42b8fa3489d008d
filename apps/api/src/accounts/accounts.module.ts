import { Module } from '@nestjs/common';
import { MembershipReader, SessionResolver } from '../common/auth';

// Placeholder until the accounts context lands: nobody is authenticated.
class NoSessions extends SessionResolver {
  async resolve() {
    return null;
  }
}
class TrialForAll extends MembershipReader {
  async activePackage() {
    return 'TRIAL' as const;
  }
}

@Module({
  providers: [
    { provide: SessionResolver, useClass: NoSessions },
    { provide: MembershipReader, useClass: TrialForAll },
  ],
  exports: [SessionResolver, MembershipReader],
})
export class AccountsModule {}
