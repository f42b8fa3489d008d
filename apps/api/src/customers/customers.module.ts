import * as path from 'node:path';
import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { PgEventStore } from '@tabour/eventstore';
import { CUSTOMER_PROJECTIONS } from '@tabour/customers';
import { AppConfig } from '@tabour/platform';
import { AccountsModule } from '../accounts/accounts.module';
import { SpreadsheetsModule } from '../common/spreadsheets/reader';
import { APP_CONFIG, EVENT_STORE } from '../common/tokens';
import { OrganisationModule } from '../organisation/organisation.module';
import { CustomerAttachmentsController } from './attachments.controller';
import { CustomerBooksController } from './books.controller';
import { CustomerCommands } from './commands';
import { CustomersController } from './customers.controller';
import { CustomersService } from './customers.service';
import { HistoryJobRunner } from './history-job';
import { CustomerKeys } from './keys';
import { PrivacyController } from './privacy.controller';
import { CustomerQueries } from './queries';
import { AttachmentStorage, LocalAttachmentStorage } from './storage';
import { CustomerTransferController } from './transfer.controller';
import { CustomerTransferService } from './transfer.service';

/** The customer database (CRM), its import and export, attachments, privacy and erasure. */
@Module({
  imports: [AccountsModule, OrganisationModule, SpreadsheetsModule],
  // Routes with a fixed second segment (book, export, attachment) are registered before
  // customer/:id, which would otherwise take them.
  controllers: [CustomerBooksController, CustomerTransferController, CustomerAttachmentsController, CustomersController, PrivacyController],
  providers: [
    CustomerKeys,
    CustomerCommands,
    CustomerQueries,
    CustomersService,
    CustomerTransferService,
    HistoryJobRunner,
    {
      provide: AttachmentStorage,
      useFactory: (config: AppConfig) => new LocalAttachmentStorage(path.join(config.dataDir, 'attachments')),
      inject: [APP_CONFIG],
    },
  ],
  exports: [CustomerQueries, CustomersService],
})
export class CustomersModule implements OnModuleInit {
  constructor(@Inject(EVENT_STORE) private readonly store: PgEventStore) {}

  onModuleInit(): void {
    for (const projection of CUSTOMER_PROJECTIONS) this.store.registerInlineProjection(projection);
  }
}
