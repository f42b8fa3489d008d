import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { UpdateBookingDto } from '../dto';
import { BOOKING_REQUEST_STATUSES } from '@tabour/contracts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class ApproveRequestDto {
  /** Changes to what was asked (slot, member, services…), checked by the booking's own decision. */
  @ApiPropertyOptional({ type: UpdateBookingDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => UpdateBookingDto)
  data?: UpdateBookingDto;
}

export class DeclineRequestDto {
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(500) reason?: string | null;
}

export class RequestFilterDto {
  @ApiPropertyOptional({ enum: BOOKING_REQUEST_STATUSES })
  @IsOptional()
  @IsIn(BOOKING_REQUEST_STATUSES as unknown as string[], { message: `Select a valid status (${BOOKING_REQUEST_STATUSES.join(', ')})` })
  status?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID('all', { message: 'Select a valid department' }) department_id?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(DATE, { message: 'from must be a date (YYYY-MM-DD)' }) from?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(DATE, { message: 'to must be a date (YYYY-MM-DD)' }) to?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(/^\d{1,9}$/, { message: 'page must be a positive whole number' }) page?: string;
}
