import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { WEBHOOK_DELIVERY_STATUSES } from '@tabour/contracts';
import { MAX_EVENT_TYPES } from '@tabour/integrations';
import { Flag, NullableText, PageQuery, stack, WholeNumber } from '../../common/dto-fields';
import { ReadFields } from '../../common/input-rules';

const Url = (optional: boolean): PropertyDecorator =>
  stack(...(optional ? [ApiPropertyOptional(), IsOptional()] : [ApiProperty()]), IsString(), MaxLength(2000));
const EventTypes = (optional: boolean): PropertyDecorator =>
  stack(
    ...(optional ? [ApiPropertyOptional({ type: [String] }), IsOptional()] : [ApiProperty({ type: [String], description: "public event types, or ['*']" })]),
    IsArray(),
    ArrayMinSize(1, { message: 'Select at least one event type' }),
    ArrayMaxSize(MAX_EVENT_TYPES),
    IsString({ each: true }),
    MaxLength(60, { each: true }),
  );

/** A new webhook: the secret is made by the server and shown once in the answer. */
export class CreateWebhookDto {
  @Url(false) url!: string;
  @EventTypes(false) event_types!: string[];
  @Flag() enabled?: boolean;
  @NullableText(200) description?: string | null;
}

/** What an edit may change; the rest of a record read back is ignored. */
@ReadFields('id', 'disabled_reason', 'failing_since', 'last_success_at', 'pending', 'created_at', 'updated_at')
export class UpdateWebhookDto {
  @Url(true) url?: string;
  @EventTypes(true) event_types?: string[];
  @Flag() enabled?: boolean;
  @NullableText(200) description?: string | null;
}

export class DeliveriesQuery extends PageQuery {
  @ApiPropertyOptional({ enum: WEBHOOK_DELIVERY_STATUSES })
  @IsOptional()
  @IsIn(WEBHOOK_DELIVERY_STATUSES as unknown as string[], { message: 'Select a valid status' })
  status?: (typeof WEBHOOK_DELIVERY_STATUSES)[number];
}

/** Replay the business's events from a global position (a delivery's `position`, or 0 for the beginning). */
export class ReplayDto {
  @WholeNumber(0, Number.MAX_SAFE_INTEGER) from_position!: number;
}
