import { Global, Module, OnModuleInit } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { BroadcastController } from './broadcast.controller';
import { BroadcastService } from './broadcast.service';
import { ChangeRelay } from './change-relay';
import { endingsOf } from './endings';

@Global()
@Module({ imports: [AccountsModule], controllers: [BroadcastController], providers: [BroadcastService, ChangeRelay], exports: [BroadcastService, ChangeRelay] })
export class BroadcastModule implements OnModuleInit {
  constructor(
    private readonly relay: ChangeRelay,
    private readonly broadcast: BroadcastService,
  ) {}

  /** The sockets a logout, a reset or a deletion ended close on every instance, as its relay reads the event (docs/security.md). */
  onModuleInit(): void {
    this.relay.watch((events) => this.broadcast.end(endingsOf(events)));
  }
}
