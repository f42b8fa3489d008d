import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
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
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Flag, IdList, NestedList, NullableMatch, OptionalMatch, stack, Name, NullableId, NullableText, OptionalInt, OptionalName } from '../common/dto-fields';
import { ReadFields } from '../common/input-rules';
import { HOLIDAY_SCOPES, HOLIDAY_STATUSES, HOLIDAY_TYPES, WEEKDAYS } from '@tabour/organisation';
import { normaliseEmail, POSITIONS, Role, ROLES } from '@tabour/platform';
import { EmptyToNull, FromJson, ToBoolean, ToNullableNumber, ToNumber } from '../common/transforms';

const PHONE = /^\+?[0-9 ()-]{4,30}$/;
const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class TimeRangeDto {
  @ApiProperty() @IsString() @Matches(HHMM, { message: 'Enter times as HH:mm' }) from: string;
  @ApiProperty() @IsString() @Matches(HHMM, { message: 'Enter times as HH:mm' }) to: string;
}

export class WorkingDayDto {
  @ApiProperty() @IsIn(WEEKDAYS as unknown as string[], { message: 'Select a valid day' }) day: (typeof WEEKDAYS)[number];
  @ApiProperty() @ToBoolean() @IsBoolean() open: boolean;
  @ApiProperty({ type: [TimeRangeDto] }) @IsArray() @ArrayMaxSize(12) @ValidateNested({ each: true }) @Type(() => TimeRangeDto) ranges: TimeRangeDto[];
}

export class WorkingDaysDto {
  @NestedList(WorkingDayDto, 7, { json: true }) working_days: WorkingDayDto[];
}

export class TranslationsDto {
  /** { "fr": { "name": "...", "description": "..." }, ... } among ar, de, en, es, fr, pt, ru. */
  @ApiProperty({ type: 'object', additionalProperties: true, example: { fr: { name: 'Clinique', description: null } } })
  @FromJson()
  @IsObject()
  translations: Record<string, { name: string; description?: string | null }>;
}

/** The business as read; its working days, translations and location change through their own calls. */
@ReadFields('id', 'created_at', 'updated_at', 'logo', 'logo_url', 'working_days', 'translations', 'location')
export class BusinessUpdateDto {
  @OptionalName(150) name?: string;
  @NullableText(40) industry?: string | null;
  @NullableMatch(/^[A-Z]{2}$/, 'Select a valid country') country?: string | null;
  @NullableText(100) city?: string | null;
  @NullableText(255) address?: string | null;
  @NullableText(20) postal_code?: string | null;
  @NullableMatch(PHONE, 'Enter a valid phone number') phone?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_, v) => v !== null)
  @IsEmail({}, { message: 'Enter a valid email' })
  @MaxLength(255)
  email?: string | null;
  @NullableText(11) sms_sender_name?: string | null;
  @OptionalInt(1, 1440) slot_minutes?: number;
  @IsOptional()
  @ToNumber()
  @IsInt({ message: 'Number of days is invalid' })
  @Min(0, { message: 'Number of days is invalid' })
  @Max(3650, { message: 'Number of days is invalid' })
  booking_days_limit?: number;
  @Flag() booking_confirmation?: boolean;
  @Flag() published?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) time_zone?: string;
}

export class LocationDto {
  @ApiProperty() @ToNumber() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(-90) @Max(90) lat: number;
  @ApiProperty() @ToNumber() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(-180) @Max(180) lng: number;
}

/** A department's own duration for one of its services: `duration` in `unit` (minutes unless told), or `duration_seconds` as read. */
export class ServiceDurationDto {
  @ApiProperty() @IsUUID('all', { message: 'Select a valid service' }) service_id: string;
  @ApiPropertyOptional()
  @ValidateIf((o) => o.duration_seconds === undefined)
  @ToNumber()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.0167)
  @Max(86400)
  duration?: number;
  @ApiPropertyOptional({ enum: ['minutes', 'seconds'] }) @IsOptional() @IsIn(['minutes', 'seconds']) unit?: 'minutes' | 'seconds';
  @ApiPropertyOptional() @IsOptional() @ToNumber() @IsInt() @Min(1) @Max(86400) duration_seconds?: number;
}

export class CreateDepartmentDto {
  @Name(150) name: string;
  @ApiPropertyOptional() @IsOptional() @Matches(HEX, { message: 'Enter a colour as #RRGGBB' }) primary_color?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(HEX, { message: 'Enter a colour as #RRGGBB' }) secondary_color?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(HEX, { message: 'Enter a colour as #RRGGBB' }) text_color?: string;
  @IdList(500, 'Select valid services', 'list') service_ids?: string[];
  @NestedList(ServiceDurationDto, 500, { optional: true, json: true }) service_durations?: ServiceDurationDto[];
  @OptionalInt(1, 1440) slot_duration?: number;
  @OptionalInt(1, 10000) max_bookings_per_slot?: number;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @ToNullableNumber()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(0)
  @Max(100000)
  max_daily_bookings?: number | null;
  @Flag() can_select_member?: boolean;
  @Flag() must_select_member?: boolean;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, example: { fr: { name: 'Dentaire' } } })
  @IsOptional()
  @FromJson()
  @IsObject()
  translations?: Record<string, { name: string; description?: string | null }>;
}

/** Every field optional: only those given change. */
@ReadFields('id', 'created_at', 'updated_at', 'services')
export class DepartmentDto extends PartialType(CreateDepartmentDto) {}

export class CreateServiceDto {
  @Name(150) name: string;
  @ToNumber()
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: 'The price must be an amount with at most two decimals' })
  @Min(0)
  @Max(1e9)
  price: number;
  /** In `duration_unit` (minutes unless told); stored in seconds. */
  @ApiProperty() @ToNumber() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0.0167) @Max(86400) duration: number;
  @ApiPropertyOptional() @IsOptional() @IsIn(['minutes', 'seconds']) duration_unit?: 'minutes' | 'seconds';
  @NullableText(100) category?: string | null;
  @NullableId('Select a valid parent service') parent_id?: string | null;
}

@ReadFields('id', 'created_at', 'updated_at', 'departments', 'duration_seconds', 'sub_services', 'ussd_order')
export class ServiceDto extends PartialType(CreateServiceDto) {}

export class CreateServicesDto {
  @NestedList(CreateServiceDto, 200) services: CreateServiceDto[];
}

export class ServiceOrderDto {
  /** Every service id of the business, in the order the USSD menu lists them. */
  @ApiProperty({ type: [String] }) @IsArray() @ArrayMaxSize(5000) @IsUUID('all', { each: true, message: 'Select valid services' }) order: string[];
}

export class CreateTeamMemberDto {
  @Name(100) first_name: string;
  @Name(100) last_name: string;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @EmptyToNull()
  @Transform(({ value }) => (typeof value === 'string' ? normaliseEmail(value) : value))
  @ValidateIf((_, v) => v !== null)
  @IsEmail({}, { message: 'Email is invalid or used by another account' })
  @MaxLength(255)
  email?: string | null;
  @NullableMatch(PHONE, 'Enter a valid phone number') phone?: string | null;
  @ApiProperty() @IsIn(POSITIONS as unknown as string[], { message: `Select a valid position (${POSITIONS.join(', ')})` }) position: (typeof POSITIONS)[number];
  /** ADMIN or MANAGER grants that role whatever the position; the position's own role (or empty) follows the position. */
  @ApiPropertyOptional({ nullable: true, enum: ROLES })
  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_, v) => v !== null)
  @IsIn(ROLES as unknown as string[], { message: 'Select a valid role' })
  role?: Role | null;
  @NullableId('Select a valid department') department_id?: string | null;
  @Flag() is_bookable?: boolean;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_, v) => v !== null)
  @Matches(DATE, { message: 'Enter a valid date (YYYY-MM-DD)' })
  member_since?: string | null;
  /** null: the member works the business's hours. */
  @NestedList(WorkingDayDto, 7, { optional: true, nullable: true, json: true }) working_days?: WorkingDayDto[] | null;
}

@ReadFields('id', 'created_at', 'updated_at', 'name', 'department_name', 'photo', 'photo_url')
export class TeamMemberDto extends PartialType(CreateTeamMemberDto) {}

export class HolidayDto {
  @ApiProperty()
  @IsIn(HOLIDAY_TYPES as unknown as string[], { message: `Select a valid type (${HOLIDAY_TYPES.join(', ')})` })
  type: (typeof HOLIDAY_TYPES)[number];
  @ApiProperty()
  @IsIn(HOLIDAY_SCOPES as unknown as string[], { message: `Select a valid scope (${HOLIDAY_SCOPES.join(', ')})` })
  scope: (typeof HOLIDAY_SCOPES)[number];
  @IdList(500, 'Select valid members', 'list') member_ids?: string[];
  @NullableText(500) reason?: string | null;
  /** Whole days in the business's time zone (YYYY-MM-DD, both included)... */
  @ApiProperty() @ValidateIf((o) => !o.starts_at) @Matches(DATE, { message: 'Enter a valid start date (YYYY-MM-DD)' }) start_date?: string;
  @ApiProperty() @ValidateIf((o) => !o.ends_at) @Matches(DATE, { message: 'Enter a valid end date (YYYY-MM-DD)' }) end_date?: string;
  /** ...or instants with their offset (ISO 8601). */
  @ApiProperty()
  @ValidateIf((o) => !o.start_date)
  @Matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, { message: 'Enter a valid start' })
  starts_at?: string;
  @ApiProperty()
  @ValidateIf((o) => !o.end_date)
  @Matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, { message: 'Enter a valid end' })
  ends_at?: string;
}

export class HolidayStatusDto {
  @ApiProperty()
  @IsIn(HOLIDAY_STATUSES as unknown as string[], { message: `Select a valid status (${HOLIDAY_STATUSES.join(', ')})` })
  status: (typeof HOLIDAY_STATUSES)[number];
}

const Page = () => OptionalMatch(/^\d{1,9}$/, 'page must be a positive whole number');
const PerPage = () => OptionalMatch(/^\d{1,4}$/, 'per_page must be a whole number');
const Pagination = () => OptionalMatch(/^(off|\d{1,4})$/, 'pagination must be "off" or a number');
const Order = () =>
  stack(
    ApiPropertyOptional({ enum: ['asc', 'desc'] }),
    IsOptional(),
    Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value)),
    IsIn(['asc', 'desc']),
  );
/** A column name; one the list cannot sort by keeps its own order. */
const Sort = () => stack(ApiPropertyOptional(), IsOptional(), IsString(), MaxLength(40));

export class HolidayQuery {
  @Page() page?: string;
  @PerPage() per_page?: string;
  @Pagination() pagination?: string;
  @OptionalMatch(DATE, 'from must be a date (YYYY-MM-DD)') from?: string;
  @OptionalMatch(DATE, 'to must be a date (YYYY-MM-DD)') to?: string;
  @ApiPropertyOptional() @IsOptional() @IsIn(HOLIDAY_SCOPES as unknown as string[]) scope?: string;
  @Order() order?: 'asc' | 'desc';
  @Sort() sort?: string;
}

export class ListQuery {
  @Page() page?: string;
  @PerPage() per_page?: string;
  @Pagination() pagination?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) q?: string;
  @Order() order?: 'asc' | 'desc';
  @Sort() sort?: string;
}

export class ServiceListQuery extends ListQuery {
  @ApiPropertyOptional() @IsOptional() @IsUUID('all') parent_id?: string;
}

export class ServiceDepartmentQuery {
  @ApiPropertyOptional() @IsOptional() @IsUUID('all', { message: 'Select a valid service' }) service_id?: string;
}

export class LangQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) lang?: string;
  @OptionalMatch(/^(off|\d{1,4})$/) pagination?: string;
  @OptionalMatch(/^\d{1,9}$/) page?: string;
}
