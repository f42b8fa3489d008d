import { Controller, Get, Inject } from '@nestjs/common';
import { sql } from 'kysely';
import { Db, DomainError } from '@tabour/platform';
import { Public } from '../common/auth';
import { DB } from '../common/tokens';
import { Lifecycle } from './lifecycle';

@Controller()
export class HealthController {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly lifecycle: Lifecycle,
  ) {}

  /**
   * 200 once the product is ready: the server listens only after migrations and seeding. 503
   * while the database cannot be reached, and from the moment the process begins to stop.
   */
  @Public()
  @Get('health')
  async health() {
    if (this.lifecycle.draining) throw new DomainError(503, 'The server is stopping', 'unavailable');
    await sql`SELECT 1`.execute(this.db);
    return { status: 'ok' };
  }
}
