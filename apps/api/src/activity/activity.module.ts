import { Module } from '@nestjs/common';
import { BusinessCalendarModule } from '../organisation/calendar';
import { ActivityController } from './activity.controller';
import { ActivityService } from './activity.service';

@Module({ imports: [BusinessCalendarModule], controllers: [ActivityController], providers: [ActivityService] })
export class ActivityModule {}
