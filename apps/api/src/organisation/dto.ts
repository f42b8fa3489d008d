import { PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { HOLIDAY_SCOPES, HOLIDAY_STATUSES, HOLIDAY_TYPES, WEEKDAYS } from '@tabour/organisation';
import { POSITIONS } from '@tabour/platform';
import { EmptyToNull, FromJson, ToBoolean, ToList, ToNullableNumber, ToNumber } from './transforms';

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class TimeRangeDto {
  @IsString() @Matches(HHMM, { message: 'Enter times as HH:mm' }) from: string;
  @IsString() @Matches(HHMM, { message: 'Enter times as HH:mm' }) to: string;
}

export class WorkingDayDto {
  @IsIn(WEEKDAYS as unknown as string[], { message: 'Select a valid day' }) day: (typeof WEEKDAYS)[number];
  @ToBoolean() @IsBoolean() open: boolean;
  @IsArray() @ArrayMaxSize(12) @ValidateNested({ each: true }) @Type(() => TimeRangeDto) ranges: TimeRangeDto[];
}

export class WorkingDaysDto {
  @FromJson() @IsArray() @ArrayMaxSize(7) @ValidateNested({ each: true }) @Type(() => WorkingDayDto) working_days: WorkingDayDto[];
}

export class TranslationsDto {
  /** { "fr": { "name": "...", "description": "..." }, ... } among ar, de, en, es, fr, pt, ru. */
  @FromJson() @IsObject() translations: Record<string, { name: string; description?: string | null }>;
}

export class BusinessUpdateDto {
  @IsOptional() @IsString() @MinLength(1) @MaxLength(150) name?: string;
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(40) industry?: string | null;
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @Matches(/^[A-Z]{2}$/, { message: 'Select a valid country' }) country?: string | null;
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(100) city?: string | null;
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(255) address?: string | null;
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(20) postal_code?: string | null;
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @Matches(/^\+?[0-9 ()-]{4,30}$/, { message: 'Enter a valid phone number' }) phone?: string | null;
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsEmail({}, { message: 'Enter a valid email' }) @MaxLength(255) email?: string | null;
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(11) sms_sender_name?: string | null;
  @IsOptional() @ToNumber() @IsInt() @Min(1) @Max(1440) slot_minutes?: number;
  @IsOptional() @ToNumber() @IsInt({ message: 'Number of days is invalid' }) @Min(0, { message: 'Number of days is invalid' }) @Max(3650, { message: 'Number of days is invalid' })
  booking_days_limit?: number;
  @IsOptional() @ToBoolean() @IsBoolean() booking_confirmation?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() published?: boolean;
  @IsOptional() @IsString() @MaxLength(64) time_zone?: string;
}

export class LocationDto {
  @ToNumber() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(-90) @Max(90) lat: number;
  @ToNumber() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(-180) @Max(180) lng: number;
}

export class ServiceDurationDto {
  @IsUUID('all', { message: 'Select a valid service' }) service_id: string;
  @ToNumber() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0.0167) @Max(86400) duration: number;
  @IsOptional() @IsIn(['minutes', 'seconds']) unit?: 'minutes' | 'seconds';
}

export class CreateDepartmentDto {
  @IsString() @MinLength(1) @MaxLength(150) name: string;
  @IsOptional() @Matches(HEX, { message: 'Enter a colour as #RRGGBB' }) primary_color?: string;
  @IsOptional() @Matches(HEX, { message: 'Enter a colour as #RRGGBB' }) secondary_color?: string;
  @IsOptional() @Matches(HEX, { message: 'Enter a colour as #RRGGBB' }) text_color?: string;
  @IsOptional() @ToList() @IsArray() @ArrayMaxSize(500) @IsUUID('all', { each: true, message: 'Select valid services' }) service_ids?: string[];
  @IsOptional() @FromJson() @IsArray() @ArrayMaxSize(500) @ValidateNested({ each: true }) @Type(() => ServiceDurationDto) service_durations?: ServiceDurationDto[];
  @IsOptional() @ToNumber() @IsInt() @Min(1) @Max(1440) slot_duration?: number;
  @IsOptional() @ToNumber() @IsInt() @Min(1) @Max(10000) max_bookings_per_slot?: number;
  @IsOptional() @ToNullableNumber() @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) @Max(100000) max_daily_bookings?: number | null;
  @IsOptional() @ToBoolean() @IsBoolean() can_select_member?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() must_select_member?: boolean;
  @IsOptional() @FromJson() @IsObject() translations?: Record<string, { name: string; description?: string | null }>;
}

/** Every field optional: only those given change. */
export class DepartmentDto extends PartialType(CreateDepartmentDto) {}

export class CreateServiceDto {
  @IsString() @MinLength(1) @MaxLength(150) name: string;
  @ToNumber() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: 'The price must be an amount with at most two decimals' }) @Min(0) @Max(1e9)
  price: number;
  /** In `duration_unit` (minutes unless told); stored in seconds. */
  @ToNumber() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0.0167) @Max(86400) duration: number;
  @IsOptional() @IsIn(['minutes', 'seconds']) duration_unit?: 'minutes' | 'seconds';
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(100) category?: string | null;
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsUUID('all', { message: 'Select a valid parent service' }) parent_id?: string | null;
}

export class ServiceDto extends PartialType(CreateServiceDto) {}

export class CreateServicesDto {
  @IsArray() @ArrayMaxSize(200) @ValidateNested({ each: true }) @Type(() => CreateServiceDto) services: CreateServiceDto[];
}

export class ServiceOrderDto {
  /** Every service id of the business, in the order the USSD menu lists them. */
  @IsArray() @ArrayMaxSize(5000) @IsUUID('all', { each: true, message: 'Select valid services' }) order: string[];
}

export class CreateTeamMemberDto {
  @IsString() @MinLength(1) @MaxLength(100) first_name: string;
  @IsString() @MinLength(1) @MaxLength(100) last_name: string;
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsEmail({}, { message: 'Email is invalid or used by another account' }) @MaxLength(255) email?: string | null;
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @Matches(/^\+?[0-9 ()-]{4,30}$/, { message: 'Enter a valid phone number' }) phone?: string | null;
  @IsIn(POSITIONS as unknown as string[], { message: `Select a valid position (${POSITIONS.join(', ')})` }) position: (typeof POSITIONS)[number];
  /** ADMIN or MANAGER to grant that role whatever the position; empty to follow the position. */
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsIn(['ADMIN', 'MANAGER']) role?: 'ADMIN' | 'MANAGER' | null;
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsUUID('all', { message: 'Select a valid department' }) department_id?: string | null;
  @IsOptional() @ToBoolean() @IsBoolean() is_bookable?: boolean;
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @Matches(DATE, { message: 'Enter a valid date (YYYY-MM-DD)' }) member_since?: string | null;
  @IsOptional() @FromJson() @IsArray() @ArrayMaxSize(7) @ValidateNested({ each: true }) @Type(() => WorkingDayDto) working_days?: WorkingDayDto[];
}

export class TeamMemberDto extends PartialType(CreateTeamMemberDto) {}

export class HolidayDto {
  @IsIn(HOLIDAY_TYPES as unknown as string[], { message: `Select a valid type (${HOLIDAY_TYPES.join(', ')})` }) type: (typeof HOLIDAY_TYPES)[number];
  @IsIn(HOLIDAY_SCOPES as unknown as string[], { message: `Select a valid scope (${HOLIDAY_SCOPES.join(', ')})` }) scope: (typeof HOLIDAY_SCOPES)[number];
  @IsOptional() @ToList() @IsArray() @ArrayMaxSize(500) @IsUUID('all', { each: true, message: 'Select valid members' }) member_ids?: string[];
  @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(500) reason?: string | null;
  /** Whole days in the business's time zone (YYYY-MM-DD, both included)... */
  @ValidateIf((o) => !o.starts_at) @Matches(DATE, { message: 'Enter a valid start date (YYYY-MM-DD)' }) start_date?: string;
  @ValidateIf((o) => !o.ends_at) @Matches(DATE, { message: 'Enter a valid end date (YYYY-MM-DD)' }) end_date?: string;
  /** ...or instants with their offset (ISO 8601). */
  @ValidateIf((o) => !o.start_date) @Matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, { message: 'Enter a valid start' }) starts_at?: string;
  @ValidateIf((o) => !o.end_date) @Matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, { message: 'Enter a valid end' }) ends_at?: string;
}

export class HolidayStatusDto {
  @IsIn(HOLIDAY_STATUSES as unknown as string[], { message: `Select a valid status (${HOLIDAY_STATUSES.join(', ')})` }) status: (typeof HOLIDAY_STATUSES)[number];
}

export class HolidayQuery {
  @IsOptional() @Matches(/^\d{1,9}$/, { message: 'page must be a positive whole number' }) page?: string;
  @IsOptional() @Matches(/^\d{1,4}$/, { message: 'per_page must be a whole number' }) per_page?: string;
  @IsOptional() @Matches(/^(off|\d{1,4})$/, { message: 'pagination must be "off" or a number' }) pagination?: string;
  @IsOptional() @Matches(DATE, { message: 'from must be a date (YYYY-MM-DD)' }) from?: string;
  @IsOptional() @Matches(DATE, { message: 'to must be a date (YYYY-MM-DD)' }) to?: string;
  @IsOptional() @IsIn(HOLIDAY_SCOPES as unknown as string[]) scope?: string;
}

export class ListQuery {
  @IsOptional() @Matches(/^\d{1,9}$/, { message: 'page must be a positive whole number' }) page?: string;
  @IsOptional() @Matches(/^\d{1,4}$/, { message: 'per_page must be a whole number' }) per_page?: string;
  @IsOptional() @Matches(/^(off|\d{1,4})$/, { message: 'pagination must be "off" or a number' }) pagination?: string;
  @IsOptional() @IsString() @MaxLength(100) q?: string;
  @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @IsOptional() @IsString() @MaxLength(40) sort?: string;
}

export class ServiceListQuery extends ListQuery {
  @IsOptional() @IsUUID('all') parent_id?: string;
}

export class ServiceDepartmentQuery {
  @IsOptional() @IsUUID('all', { message: 'Select a valid service' }) service_id?: string;
}

export class LangQuery {
  @IsOptional() @IsString() @MaxLength(20) lang?: string;
  @IsOptional() @Matches(/^(off|\d{1,4})$/) pagination?: string;
  @IsOptional() @Matches(/^\d{1,9}$/) page?: string;
}
