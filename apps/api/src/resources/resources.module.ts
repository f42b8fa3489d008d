import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { PgEventStore } from '@tabour/eventstore';
import { RESOURCE_PROJECTIONS } from '@tabour/resources';
import { EVENT_STORE } from '../common/tokens';
import { OrganisationModule } from '../organisation/organisation.module';
import { ResourcesQueries } from './queries';
import { ResourcesController } from './resources.controller';

/** Rooms and equipment, which bookings reserve (docs/resources.md). */
@Module({
  imports: [OrganisationModule],
  controllers: [ResourcesController],
  providers: [ResourcesQueries],
  exports: [ResourcesQueries],
})
export class ResourcesModule implements OnModuleInit {
  constructor(@Inject(EVENT_STORE) private readonly store: PgEventStore) {}

  onModuleInit(): void {
    for (const projection of RESOURCE_PROJECTIONS) this.store.registerInlineProjection(projection);
  }
}
