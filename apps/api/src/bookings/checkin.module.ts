import { Module } from '@nestjs/common';
import { SpreadsheetsModule } from '../common/spreadsheets/reader';
import { CustomersModule } from '../customers/customers.module';
import { OrganisationModule } from '../organisation/organisation.module';
import { QueuesModule } from '../queues/queues.module';
import { BookingsModule } from './bookings.module';
import { BookingCheckinController } from './checkin.controller';
import { BookingClockJob } from './checkin.job';
import { BookingCheckins } from './checkin.service';
import { CustomerBookingsController } from './customer-bookings.controller';
import { CustomerBookingQueries } from './customer-bookings.queries';
import { BookingExportService } from './export.service';
import { BookingTransferController } from './transfer.controller';
import { BookingTransferService } from './transfer.service';

/**
 * Where the book meets the desk and the other contexts: check-in into a queue (and the clock job
 * that pushes bookings at their time and marks no-shows), import and export files, and the
 * customer page's booking tabs. Apart from BookingsModule because it needs the queues and the
 * customers, which the book itself does not; listed before it in the application, so its fixed
 * paths (booking/export, booking/upload) are routed before the book's booking/:id.
 */
@Module({
  imports: [BookingsModule, QueuesModule, CustomersModule, OrganisationModule, SpreadsheetsModule],
  controllers: [BookingTransferController, BookingCheckinController, CustomerBookingsController],
  providers: [BookingCheckins, BookingClockJob, BookingTransferService, BookingExportService, CustomerBookingQueries],
  exports: [BookingCheckins],
})
export class BookingDeskModule {}
