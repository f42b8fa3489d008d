import { Module } from '@nestjs/common';
import { OrganisationModule } from '../organisation/organisation.module';
import { ActivityController } from './activity.controller';
import { ActivityService } from './activity.service';

@Module({ imports: [OrganisationModule], controllers: [ActivityController], providers: [ActivityService] })
export class ActivityModule {}
