import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { QUEUE_REQUEST_STATUSES, REQUEST_LIMITS } from '@tabour/queues';
import { NullableId, NullableText, PageQuery } from '../common/dto-fields';

const SERVICES = 'Select valid services';

/** What a customer sends to join a queue remotely; the phone is read with the business's country. */
export class SubmitRequestDto {
  @ApiProperty() @IsString({ message: 'The name is required' }) @MinLength(1, { message: 'The name is required' }) @MaxLength(REQUEST_LIMITS.name) name: string;
  @ApiProperty({ description: 'any format; kept in E.164, read with the business country by default' })
  @IsString({ message: 'Enter a valid phone number' })
  @MinLength(3, { message: 'Enter a valid phone number' })
  @MaxLength(40, { message: 'Enter a valid phone number' })
  phone: string;
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray({ message: SERVICES })
  @ArrayMaxSize(REQUEST_LIMITS.services)
  @IsUUID('all', { each: true, message: SERVICES })
  service_ids?: string[];
  @NullableId('Select a valid team member') member_id?: string | null;
  @NullableText(REQUEST_LIMITS.note) note?: string | null;
}

/** Staff's corrections of a pending request: only the fields given change. */
export class UpdateRequestDto extends PartialType(SubmitRequestDto) {}

export class DeclineRequestDto {
  @NullableText(REQUEST_LIMITS.reason) reason?: string | null;
}

export class RequestListQueryDto extends PageQuery {
  @ApiPropertyOptional({ enum: QUEUE_REQUEST_STATUSES })
  @IsOptional()
  @IsIn(QUEUE_REQUEST_STATUSES as unknown as string[], { message: 'Select a valid status (pending, approved, declined)' })
  status?: string;
}
