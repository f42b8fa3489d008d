import { Global, Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { BroadcastController } from './broadcast.controller';
import { BroadcastService } from './broadcast.service';
import { ChangeRelay } from './change-relay';

@Global()
@Module({ imports: [AccountsModule], controllers: [BroadcastController], providers: [BroadcastService, ChangeRelay], exports: [BroadcastService, ChangeRelay] })
export class BroadcastModule {}
