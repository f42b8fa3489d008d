import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn } from 'class-validator';
import { PAYMENT_METHODS, type PaymentMethod, type PaymentTypes } from '@tabour/contracts';
import { DEFAULT_PAYMENT_METHODS, paymentTypesDecider, paymentTypesStream } from '@tabour/bookings';
import { Db, UserPrincipal } from '@tabour/platform';
import { actorOf } from '../common/actor';
import { CurrentUser, Roles } from '../common/auth';
import { DB } from '../common/tokens';
import { Commands } from '../common/commands';

export class PaymentTypesDto {
  @ApiProperty({ enum: PAYMENT_METHODS, isArray: true })
  @IsArray()
  @ArrayMaxSize(PAYMENT_METHODS.length * 2)
  @IsIn(PAYMENT_METHODS as unknown as string[], { each: true, message: `Select one or more of: ${PAYMENT_METHODS.join(', ')}` })
  methods: PaymentMethod[];
}

/** The methods a business accepts for booking payments (/settings/payment_type). */
export async function acceptedMethods(db: Db, tenantId: string): Promise<PaymentMethod[]> {
  const row = await db.selectFrom('business_payment_types').select('methods').where('tenant_id', '=', tenantId).executeTakeFirst();
  return row?.methods ?? [...DEFAULT_PAYMENT_METHODS];
}

@ApiTags('payment types')
@ApiBearerAuth()
// The plan names the call relative to the /business base as well: both paths answer.
@Controller(['business/payment-types', 'business/business/payment-types'])
export class PaymentTypesController {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly commands: Commands,
  ) {}

  /** Any staff role reads them: the payment dialog offers them. */
  @Get()
  async get(@CurrentUser() user: UserPrincipal): Promise<PaymentTypes> {
    return { methods: await acceptedMethods(this.db, user.tenantId) };
  }

  @Post('update')
  @HttpCode(200)
  @Roles('ADMIN')
  async update(@CurrentUser() user: UserPrincipal, @Body() body: PaymentTypesDto): Promise<PaymentTypes> {
    await this.commands.run(
      paymentTypesDecider,
      paymentTypesStream(user.tenantId),
      { type: 'SetPaymentTypes', business_id: user.tenantId, methods: body.methods },
      { tenantId: user.tenantId, actor: actorOf(user) },
    );
    return this.get(user);
  }
}
