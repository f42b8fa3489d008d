import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { forbidden, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { pageRequest, Paged } from '../common/paging';
import { UsersListQuery } from './dto';
import { UsersQueries, UserView } from './users.queries';
import { UsersService } from './users.service';

/** The business's logins. Another business's id answers 404 like a missing one. */
@Controller('business/users')
export class UsersController {
  constructor(
    private readonly queries: UsersQueries,
    private readonly users: UsersService,
  ) {}

  @Get()
  @Roles('ADMIN', 'MANAGER')
  list(@CurrentUser() user: UserPrincipal, @Query() q: UsersListQuery): Promise<Paged<UserView>> {
    return this.queries.list(user.tenantId, pageRequest(q as Record<string, unknown>), { q: q.q, sort: q.sort, order: q.order?.toLowerCase() });
  }

  /** ADMIN and MANAGER read anyone of their business; others only themselves. */
  @Get(':id')
  one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string): Promise<UserView> {
    if (user.role !== 'ADMIN' && user.role !== 'MANAGER' && id !== user.userId) throw forbidden();
    return this.queries.one(user.tenantId, id);
  }

  @Delete(':id')
  @Roles('ADMIN')
  remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string): Promise<{ id: string }> {
    return this.users.remove(user, id);
  }
}
