import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { DEVICE_PROJECTIONS } from '@tabour/devices';
import { PgEventStore } from '@tabour/eventstore';
import { AccountsModule } from '../accounts/accounts.module';
import { BookingsModule } from '../bookings/bookings.module';
import { EVENT_STORE } from '../common/tokens';
import { NotificationsModule } from '../notifications/notifications.module';
import { CustomersModule } from '../customers/customers.module';
import { OrganisationModule } from '../organisation/organisation.module';
import { QueuesModule } from '../queues/queues.module';
import { DeviceCredentials } from './credentials.service';
import { DeviceQueries } from './devices.queries';
import { DeviceSupport } from './device-support';
import { DisplayDeviceController } from './display-device.controller';
import { DisplaysController, QueueDisplayController } from './displays.controller';
import { DisplayBoard, DisplaysService } from './displays.service';
import { KioskDeviceController } from './kiosk-device.controller';
import { KiosksController } from './kiosks.controller';
import { KiosksService } from './kiosks.service';

/** Kiosks and display screens: the devices customers meet (docs/devices.md). */
@Module({
  imports: [AccountsModule, OrganisationModule, CustomersModule, QueuesModule, BookingsModule, NotificationsModule],
  controllers: [KiosksController, KioskDeviceController, DisplaysController, DisplayDeviceController, QueueDisplayController],
  providers: [DeviceCredentials, DeviceQueries, DeviceSupport, KiosksService, DisplaysService, DisplayBoard],
  exports: [DeviceCredentials, DeviceQueries],
})
export class DevicesModule implements OnModuleInit {
  constructor(@Inject(EVENT_STORE) private readonly store: PgEventStore) {}

  onModuleInit(): void {
    for (const projection of DEVICE_PROJECTIONS) this.store.registerInlineProjection(projection);
  }
}
