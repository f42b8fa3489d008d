import { Controller, Get, Inject } from '@nestjs/common';
import { sql } from 'kysely';
import { Db } from '@tabour/platform';
import { Public } from '../common/auth';
import { DB } from '../common/tokens';

@Controller()
export class HealthController {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** 200 once the product is ready: the server listens only after migrations and seeding. */
  @Public()
  @Get('health')
  async health() {
    await sql`SELECT 1`.execute(this.db);
    return { status: 'ok' };
  }
}
