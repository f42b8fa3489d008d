import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsUUID, ValidateIf } from 'class-validator';
import { forbidden, invalid, type UserPrincipal } from '@tabour/platform';
import { CurrentUser } from '../common/auth';
import { PageQuery } from '../common/dto-fields';
import { pageRequest } from '../common/paging';
import { type HistorySubject, MessageHistoryService } from './history.service';

const SUBJECTS = ['customer_id', 'ticket_id', 'booking_id'] as const;
const ONE_OF = 'Give exactly one of customer_id, ticket_id or booking_id';

/** An empty field is one not given, so `?customer_id=` is answered as missing rather than as a bad id. */
const Given = () => ValidateIf((_: object, v: unknown) => v !== undefined && v !== null && v !== '');

/** Whose messages to list, and the page. */
export class MessageHistoryQuery extends PageQuery {
  @ApiPropertyOptional() @Given() @IsUUID('all', { message: 'customer_id must be a customer id' }) customer_id?: string;
  @ApiPropertyOptional() @Given() @IsUUID('all', { message: 'ticket_id must be a ticket id' }) ticket_id?: string;
  @ApiPropertyOptional() @Given() @IsUUID('all', { message: 'booking_id must be a booking id' }) booking_id?: string;
}

/** Who may read a customer's record (the customers controller's roles); tickets and bookings are read by any staff member. */
const READS_CUSTOMERS = new Set(['ADMIN', 'MANAGER']);

/**
 * The messages sent about a customer, a ticket or a booking, newest first. Another business's
 * id finds nothing, as every list of the business's rows.
 */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('business/notification/messages')
export class MessageHistoryController {
  constructor(private readonly history: MessageHistoryService) {}

  @Get()
  list(@CurrentUser() user: UserPrincipal, @Query() q: MessageHistoryQuery) {
    const given = SUBJECTS.filter((k) => q[k] !== undefined && q[k] !== '');
    if (given.length !== 1) throw invalid(ONE_OF, Object.fromEntries(SUBJECTS.map((k) => [k, [ONE_OF]])));
    const key = given[0];
    if (key === 'customer_id' && !READS_CUSTOMERS.has(user.role)) throw forbidden();
    const subject = { [key]: q[key]!.toLowerCase() } as HistorySubject;
    return this.history.list(user.tenantId, subject, pageRequest(q as Record<string, unknown>));
  }
}
