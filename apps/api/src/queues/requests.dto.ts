import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, IsUUID, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { QUEUE_REQUEST_STATUSES, REQUEST_LIMITS } from '@tabour/queues';
import { EmptyToNull } from '../organisation/transforms';

const SERVICES = 'Select valid services';
const MEMBER = 'Select a valid team member';

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
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsUUID('all', { message: MEMBER }) member_id?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(REQUEST_LIMITS.note) note?:
    string | null;
}

/** Staff's corrections of a pending request: only the fields given change. */
export class UpdateRequestDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'The name is required' })
  @MinLength(1, { message: 'The name is required' })
  @MaxLength(REQUEST_LIMITS.name)
  name?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'Enter a valid phone number' })
  @MinLength(3, { message: 'Enter a valid phone number' })
  @MaxLength(40, { message: 'Enter a valid phone number' })
  phone?: string;
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray({ message: SERVICES })
  @ArrayMaxSize(REQUEST_LIMITS.services)
  @IsUUID('all', { each: true, message: SERVICES })
  service_ids?: string[];
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsUUID('all', { message: MEMBER }) member_id?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(REQUEST_LIMITS.note) note?:
    string | null;
}

export class DeclineRequestDto {
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(REQUEST_LIMITS.reason)
  reason?: string | null;
}

export class RequestListQueryDto {
  @ApiPropertyOptional({ enum: QUEUE_REQUEST_STATUSES })
  @IsOptional()
  @IsIn(QUEUE_REQUEST_STATUSES as unknown as string[], { message: 'Select a valid status (pending, approved, declined)' })
  status?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() page?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() pagination?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() per_page?: string;
}
