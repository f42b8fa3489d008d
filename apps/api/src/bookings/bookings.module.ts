import { Inject, Module, OnModuleInit } from '@nestjs/common';
import {
  bookingCapacityGuard,
  bookingResourceGuard,
  bookingResourcesProjection,
  bookingPiiErasureProjection,
  bookingPiiKeysProjection,
  BOOKING_PROJECTIONS,
  bookingRequestsProjection,
  formsProjection,
  paymentSettingsProjection,
  paymentsProjection,
  paymentTypesProjection,
  rulesProjection,
} from '@tabour/bookings';
import { PgEventStore } from '@tabour/eventstore';
import { AccountsModule } from '../accounts/accounts.module';
import { PersonalKeysModule } from '../common/personal-keys.module';
import { SpreadsheetsModule } from '../common/spreadsheets/reader';
import { EVENT_STORE } from '../common/tokens';
import { CustomersModule } from '../customers/customers.module';
import { OrganisationModule } from '../organisation/organisation.module';
import { QueuesModule } from '../queues/queues.module';
import { BookingsController } from './bookings.controller';
import { BookingsService } from './bookings.service';
import { BookingCheckinController } from './checkin.controller';
import { BookingClockJob } from './checkin.job';
import { BookingCheckins } from './checkin.service';
import { CustomerBookingsController } from './customer-bookings.controller';
import { CustomerBookingQueries } from './customer-bookings.queries';
import { BookingExportService } from './export.service';
import { BookingQueries } from './queries';
import { BookingSettingsController } from './settings.controller';
import { FormsController } from './forms/forms.controller';
import { FormsService } from './forms/forms.service';
import { PaymentTypesController } from './payment-types.controller';
import { PaymentsController } from './payments.controller';
import { BookingRequestsController } from './requests/requests.controller';
import { BookingRequestsService } from './requests/requests.service';
import { RulesController } from './rules/rules.controller';
import { RulesService } from './rules/rules.service';
import { TransactionsController } from './transactions.controller';
import { BookingTransferController } from './transfer.controller';
import { BookingTransferService } from './transfer.service';

/**
 * Bookings: the book, its settings and booking hours (docs/bookings.md); and where the book meets
 * the desk and the other contexts: check-in into a queue (and the clock job that pushes bookings
 * at their time and marks no-shows), import and export files, and the customer page's booking
 * tabs. Booking events reach every open calendar through the change relay's business-room notice
 * (view `booking`).
 */
@Module({
  imports: [AccountsModule, OrganisationModule, PersonalKeysModule, QueuesModule, CustomersModule, SpreadsheetsModule],
  // Controllers with fixed paths under business/booking/ (request, export, upload…) go before BookingsController, whose booking/:id would take them.
  controllers: [
    BookingTransferController,
    BookingCheckinController,
    CustomerBookingsController,
    BookingSettingsController,
    BookingRequestsController,
    TransactionsController,
    PaymentsController,
    BookingsController,
    RulesController,
    FormsController,
    PaymentTypesController,
  ],
  providers: [
    BookingQueries,
    BookingsService,
    RulesService,
    FormsService,
    BookingRequestsService,
    BookingCheckins,
    BookingClockJob,
    BookingTransferService,
    BookingExportService,
    CustomerBookingQueries,
  ],
  exports: [BookingQueries, BookingsService, RulesService, FormsService, BookingRequestsService, BookingCheckins, PersonalKeysModule],
})
export class BookingsModule implements OnModuleInit {
  constructor(@Inject(EVENT_STORE) private readonly store: PgEventStore) {}

  onModuleInit(): void {
    // The guard comes first: a refused place never reaches the book's rows.
    this.store.registerInlineProjection(bookingCapacityGuard);
    this.store.registerInlineProjection(bookingResourceGuard);
    for (const projection of BOOKING_PROJECTIONS) this.store.registerInlineProjection(projection);
    this.store.registerInlineProjection(bookingPiiKeysProjection);
    for (const projection of [
      rulesProjection,
      bookingRequestsProjection,
      formsProjection,
      paymentsProjection,
      paymentTypesProjection,
      paymentSettingsProjection,
      bookingResourcesProjection,
    ])
      this.store.registerInlineProjection(projection);
    this.store.registerInlineProjection(bookingPiiErasureProjection);
  }
}
