import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { notFound, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { CustomerQueries } from '../customers/queries';
import { NotifyDto } from './dto';
import { NotifyService } from './notify.service';

/**
 * The staff's message to customers picked on the /customers screen. Its route is the customer
 * database's, but it is a message: here it sends through the notifications, which read the
 * customers, rather than the customers importing the notifications back.
 */
@ApiTags('customers')
@ApiBearerAuth()
@Roles('ADMIN', 'MANAGER')
@Controller('business/customer')
export class CustomerMessagesController {
  constructor(
    private readonly customers: CustomerQueries,
    private readonly messages: NotifyService,
  ) {}

  /** Through the outbox like every message: the SMS ledger counts it, a STOP and the allowance hold (docs/notifications.md). */
  @Post('notify')
  @HttpCode(200)
  async notify(@CurrentUser() user: UserPrincipal, @Body() body: NotifyDto) {
    const ids = [...new Set(body.customer_ids.map((id) => id.toLowerCase()))];
    const found = await this.customers.contacts(user.tenantId, ids);
    // One id of another business (or erased) and nothing is sent: the same answer as a missing record.
    if (found.length !== ids.length) throw notFound();
    return this.messages.staffMessage(user.tenantId, found, body);
  }
}
