import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { API_KEY_SCOPES, PUBLIC_EVENT_TYPES } from '@tabour/contracts';

export class CreateApiKeyDto {
  @ApiProperty({ maxLength: 100 }) @IsString() @MaxLength(100) name!: string;
  @ApiProperty({ enum: API_KEY_SCOPES, isArray: true })
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @MaxLength(40, { each: true })
  scopes!: string[];
}

export class KeyListQuery {
  @IsOptional() @Matches(/^\d{1,9}$/, { message: 'page must be a positive whole number' }) page?: string;
  @IsOptional() @Matches(/^\d{1,4}$/, { message: 'per_page must be a whole number' }) per_page?: string;
  @IsOptional() @Matches(/^(off|\d{1,4})$/, { message: 'pagination must be "off" or a number' }) pagination?: string;
}

/** Checked in full by feedQuery (feed.service.ts); here only their form and length. */
export class FeedQueryDto {
  @ApiPropertyOptional({ description: 'read after this cursor (next_cursor, an event cursor, or 0 for the beginning)' })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  after?: string;
  @ApiPropertyOptional({ description: 'events per page, 1 to 1000 (100 by default)' }) @IsOptional() @IsString() @MaxLength(6) limit?: string;
  @ApiPropertyOptional({ description: `public event types, separated by commas (${PUBLIC_EVENT_TYPES.join(', ')})` })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  types?: string;
  @ApiPropertyOptional({ description: 'one record: <id> or <type>:<id> (ticket, queue, counter, booking, booking_request, customer, device)' })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  record?: string;
  @ApiPropertyOptional({ description: 'long poll: seconds to wait for an event when none is readable (0 to 30)' })
  @IsOptional()
  @IsString()
  @MaxLength(6)
  wait?: string;
}
