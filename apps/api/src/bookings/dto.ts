import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { BOOKING_STATUSES } from '@tabour/contracts';
import { OptionalMatch, PageQuery } from '../common/dto-fields';
import { ReadFields } from '../common/input-rules';
import { WorkingDaysDto } from '../organisation/dto';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_MESSAGE = 'Give the date as YYYY-MM-DD';

/** A booking as the dialog sends it; what the server derives (end, local date, slot, status) is read-only. */
@ReadFields(
  'id',
  'customer_name',
  'duration',
  'ends_at',
  'date',
  'slot',
  'status',
  'channel',
  'ticket_id',
  'cancel_reason',
  'attachments',
  'created_at',
  'updated_at',
)
export class BookingDto {
  @ApiProperty() @IsUUID() department_id: string;
  @ApiProperty({ example: '2026-03-30T09:00:00+02:00' }) @IsString() @MaxLength(40) starts_at: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsUUID() customer_id?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsUUID() queue_id?: string | null;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @ArrayMaxSize(50) @IsUUID(undefined, { each: true }) counter_ids?: string[];
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @ArrayMaxSize(50) @IsUUID(undefined, { each: true }) service_ids?: string[];
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsUUID() member_id?: string | null;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) @IsOptional() @IsObject() additional_data?: Record<string, string | number | null>;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(2000) remarks?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() is_online?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() sync_booking_with_graph?: boolean;
  @ApiPropertyOptional({ nullable: true, example: { lat: 36.8, lng: 10.18 } }) @IsOptional() @IsObject() location?: { lat: number; lng: number } | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(30) phone_number?: string | null;
  /** Rooms and equipment the booking reserves (docs/resources.md). */
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @ArrayMaxSize(20) @IsUUID(undefined, { each: true }) resource_ids?: string[];
}

/** An update naming `resource_ids` replaces the whole set the booking holds (an empty list frees them all). */
export class UpdateBookingDto extends PartialType(BookingDto) {}

export class CancelBookingDto {
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(500) reason?: string | null;
}

export class BookingListQuery extends PageQuery {
  @ApiPropertyOptional() @IsOptional() @IsUUID() department_id?: string;
}

export class BookingFilterQuery extends BookingListQuery {
  @OptionalMatch(DATE, DATE_MESSAGE) from?: string;
  @OptionalMatch(DATE, DATE_MESSAGE) to?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() member_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() customer_id?: string;
  @ApiPropertyOptional({ enum: BOOKING_STATUSES }) @IsOptional() @IsIn(BOOKING_STATUSES) status?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) q?: string;
}

export class BookingRangeDto {
  @ApiProperty() @Matches(DATE, { message: DATE_MESSAGE }) from: string;
  @ApiProperty() @Matches(DATE, { message: DATE_MESSAGE }) to: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() department_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() member_id?: string;
}

export class BookingArchiveRangeDto {
  @ApiProperty() @Matches(DATE, { message: DATE_MESSAGE }) from: string;
  @ApiProperty() @Matches(DATE, { message: DATE_MESSAGE }) to: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() department_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) @Max(1_000_000) page?: number;
}

export class AvailabilityQueryDto {
  @ApiProperty() @IsUUID() dep: string;
  @ApiPropertyOptional() @IsOptional() @ValidateIf((o) => o.selected_member !== '') @IsUUID() selected_member?: string;
  @OptionalMatch(DATE, DATE_MESSAGE) from?: string;
  @OptionalMatch(DATE, DATE_MESSAGE) to?: string;
  /** Comma-separated service ids. */
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) service_ids?: string;
}

export class BookingSettingsDto {
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(3650) booking_days_limit?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(525600) min_notice_minutes?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() booking_confirmation?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(1440) no_show_after_minutes?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() allow_several_bookings?: boolean;
}

export class MemberBookingDaysDto extends WorkingDaysDto {
  /** Whose hours: left out, the caller's own. */
  @ApiPropertyOptional() @IsOptional() @IsUUID() member_id?: string;
}
