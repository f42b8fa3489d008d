import { Global, Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { BroadcastService } from './broadcast.service';

@Global()
@Module({ imports: [AccountsModule], providers: [BroadcastService], exports: [BroadcastService] })
export class BroadcastModule {}
