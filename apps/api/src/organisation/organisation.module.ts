import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { PgEventStore } from '@tabour/eventstore';
import { categoryProjection, legalProjection, ORGANISATION_PROJECTIONS } from '@tabour/organisation';
import { AccountsModule } from '../accounts/accounts.module';
import { EVENT_STORE } from '../common/tokens';
import { BusinessController } from './business.controller';
import { BusinessCalendar, BusinessDirectory } from './calendar';
import { CategoriesController } from './categories.controller';
import { DepartmentsController } from './departments.controller';
import { HolidaysController } from './holidays.controller';
import { LegalController } from './legal.controller';
import { OrganisationQueries } from './queries';
import { ServicesController } from './services.controller';
import { TeamController } from './team.controller';
import { TeamService } from './team.service';
import { UploadsController } from './uploads';

/**
 * Business information, departments, services, team and holidays; and the business calendar and
 * directory, which every context that counts a business's days or names it reads.
 */
@Module({
  imports: [AccountsModule],
  controllers: [
    BusinessController,
    DepartmentsController,
    ServicesController,
    TeamController,
    HolidaysController,
    UploadsController,
    CategoriesController,
    LegalController,
  ],
  providers: [BusinessCalendar, BusinessDirectory, OrganisationQueries, TeamService],
  exports: [BusinessCalendar, BusinessDirectory, OrganisationQueries, TeamService],
})
export class OrganisationModule implements OnModuleInit {
  constructor(@Inject(EVENT_STORE) private readonly store: PgEventStore) {}

  onModuleInit(): void {
    for (const projection of [...ORGANISATION_PROJECTIONS, categoryProjection, legalProjection]) this.store.registerInlineProjection(projection);
  }
}
