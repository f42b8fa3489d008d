import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { PgEventStore } from '@tabour/eventstore';
import { accountSettingsProjection, ACCOUNTS_PROJECTIONS } from '@tabour/accounts';
import { mailboxDir, MailboxNotifier, Notifier } from '@tabour/notifications';
import { AppConfig } from '@tabour/platform';
import { MembershipReader, SessionResolver } from '../common/auth';
import { StaffAccounts } from '../common/staff-accounts';
import { APP_CONFIG, EVENT_STORE } from '../common/tokens';
import { AccountController } from './account.controller';
import { AccountSettingsController } from './account-settings.controller';
import { AccountDeletionCheck } from './account-deletion';
import { CaptchaService } from './captcha.service';
import { Clock } from './clock';
import { AccountsCommands } from './commands';
import { LoginThrottle } from './login-throttle';
import { LoginService } from './login.service';
import { MembershipService } from './membership.service';
import { PasswordService } from './passwords.service';
import { RegistrationService } from './registration.service';
import { SecretWrites } from './secrets';
import { sessionEndings, SessionEnds } from './session-ends';
import { SessionService } from './sessions.service';
import { StaffAccountsService } from './staff-accounts.service';
import { UsersController } from './users.controller';
import { UsersQueries } from './users.queries';
import { UsersService } from './users.service';

/** Accounts: registration, logins and sessions, passwords, users, membership and plan gate. */
@Module({
  controllers: [AccountController, AccountSettingsController, UsersController],
  providers: [
    Clock,
    SecretWrites,
    AccountsCommands,
    CaptchaService,
    SessionService,
    SessionEnds,
    MembershipService,
    LoginThrottle,
    AccountDeletionCheck,
    LoginService,
    PasswordService,
    RegistrationService,
    UsersQueries,
    UsersService,
    { provide: Notifier, useFactory: (config: AppConfig) => new MailboxNotifier(mailboxDir(config.dataDir)), inject: [APP_CONFIG] },
    { provide: SessionResolver, useExisting: SessionService },
    { provide: MembershipReader, useExisting: MembershipService },
    { provide: StaffAccounts, useClass: StaffAccountsService },
  ],
  exports: [
    AccountDeletionCheck,
    SessionResolver,
    SessionEnds,
    MembershipReader,
    MembershipService,
    StaffAccounts,
    Notifier,
    RegistrationService,
    CaptchaService,
    Clock,
  ],
})
export class AccountsModule implements OnModuleInit {
  constructor(
    @Inject(EVENT_STORE) private readonly store: PgEventStore,
    private readonly secrets: SecretWrites,
  ) {}

  onModuleInit(): void {
    for (const projection of ACCOUNTS_PROJECTIONS) this.store.registerInlineProjection(projection);
    this.store.registerInlineProjection(accountSettingsProjection);
    this.store.registerInlineProjection(this.secrets);
    this.store.registerInlineProjection(sessionEndings);
  }
}
