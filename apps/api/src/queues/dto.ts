import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
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
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { ArchiveStatus } from '@tabour/contracts';
import { NUMBER_TYPES } from '@tabour/queues';
import { WorkingDayDto } from '../organisation/dto';
import { EmptyToNull, FromJson, ToBoolean, ToNumber } from '../organisation/transforms';
import { ARCHIVE_STATUSES } from './queries';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class NewCounterDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(60) name: string;
  @ApiPropertyOptional() @IsOptional() @ToNumber() @IsInt() @Min(0) @Max(600) break_minutes?: number;
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsUUID('all', { each: true, message: 'Select valid services' })
  service_ids?: string[];
}

export class UpdateCounterDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MinLength(1) @MaxLength(60) name?: string;
  @ApiPropertyOptional() @IsOptional() @ToNumber() @IsInt() @Min(0) @Max(600) break_minutes?: number;
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsUUID('all', { each: true, message: 'Select valid services' })
  service_ids?: string[];
}

export class BreakDto {
  @ApiProperty() @ToNumber() @IsInt() @Min(0) @Max(600) break_minutes: number;
}

/** Every field of a queue (SPEC §3); all optional on update. */
export class QueueFieldsDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MinLength(1) @MaxLength(150) name?: string;
  @ApiPropertyOptional() @IsOptional() @ToNumber() @IsInt() @Min(0) @Max(1000) priority?: number;
  @ApiPropertyOptional({ nullable: true, description: 'null or empty: no prefix' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9-]{0,5}$/, { message: 'The prefix may have up to 5 letters or digits' })
  ticket_prefix?: string;
  @ApiPropertyOptional() @IsOptional() @ToNumber() @IsInt() @Min(0) @Max(100000) number_start?: number;
  @ApiPropertyOptional({ enum: NUMBER_TYPES })
  @IsOptional()
  @IsIn(NUMBER_TYPES as unknown as string[], { message: 'Select a valid number type' })
  number_type?: (typeof NUMBER_TYPES)[number];
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() synchronized?: boolean;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() auto_call_next?: boolean;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() auto_push_bookings?: boolean;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() require_confirmed_booking?: boolean;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() customer_chooses_member?: boolean;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() ask_covid_symptoms?: boolean;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() on_hold_enabled?: boolean;
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @FromJson()
  @IsArray()
  @ArrayMaxSize(500)
  @IsUUID('all', { each: true, message: 'Select valid services' })
  service_ids?: string[];
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @FromJson()
  @IsArray()
  @ArrayMaxSize(200)
  @IsUUID('all', { each: true, message: 'Select valid departments' })
  department_ids?: string[];
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @FromJson()
  @IsArray()
  @ArrayMaxSize(500)
  @IsUUID('all', { each: true, message: 'Select valid team members' })
  member_ids?: string[];
  @ApiPropertyOptional({ type: [WorkingDayDto], nullable: true })
  @IsOptional()
  @FromJson()
  @ValidateIf((_, v) => v !== null)
  @IsArray()
  @ArrayMaxSize(7)
  @ValidateNested({ each: true })
  @Type(() => WorkingDayDto)
  working_days?: WorkingDayDto[] | null;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) @IsOptional() @FromJson() @IsObject() translations?: Record<
    string,
    { name: string; description?: string | null }
  >;
}

export class CreateQueueDto extends QueueFieldsDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(150) declare name: string;
  @ApiPropertyOptional({ type: [NewCounterDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => NewCounterDto)
  counters?: NewCounterDto[];
}

export class TranslationsDto {
  @ApiProperty({ type: 'object', additionalProperties: true }) @FromJson() @IsObject() translations: Record<
    string,
    { name: string; description?: string | null }
  >;
}

export class SlotDto {
  @ApiProperty({ type: [WorkingDayDto], nullable: true })
  @FromJson()
  @ValidateIf((_, v) => v !== null)
  @IsArray()
  @ArrayMaxSize(7)
  @ValidateNested({ each: true })
  @Type(() => WorkingDayDto)
  working_days: WorkingDayDto[] | null;
}

export class ReorderServicesDto {
  @ApiProperty({ type: [String] }) @IsArray() @ArrayMaxSize(500) @IsUUID('all', { each: true, message: 'Select valid services' }) service_ids: string[];
}

export class DelayDto {
  @ApiPropertyOptional() @IsOptional() @ToNumber() @IsInt() @Min(0) @Max(24) hours?: number;
  @ApiPropertyOptional() @IsOptional() @ToNumber() @IsInt() @Min(0) @Max(59) minutes?: number;
}

export class PushDto {
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsUUID('all', { each: true, message: 'Select valid services' })
  service_ids?: string[];
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_, v) => v !== null)
  @IsUUID('all', { message: 'Select a valid team member' })
  member_id?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_, v) => v !== null)
  @IsUUID('all', { message: 'Select a valid customer' })
  customer_id?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(120) customer_name?:
    string | null;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() urgent?: boolean;
}

export class CallDto {
  @ApiProperty() @IsUUID('all', { message: 'Select a valid counter' }) counter_id: string;
}

export class RedirectDto {
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() keep_number?: boolean;
}

export class UrgentDto {
  /** Absent: the flag is turned over. */
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() urgent?: boolean;
}

export class NoteDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(2000) note: string;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_, v) => v !== null)
  @IsUUID('all', { message: 'Select a valid note type' })
  note_type_id?: string | null;
}

export class MemberDto {
  @ApiProperty({ nullable: true }) @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsUUID('all', { message: 'Select a valid team member' }) member_id:
    string | null;
}

export class DurationDto {
  /** The new expected service time, in minutes. */
  @ApiProperty() @ToNumber() @IsInt() @Min(1) @Max(600) duration: number;
}

export class ArchiveQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsIn(ARCHIVE_STATUSES as unknown as string[], { message: 'Select a valid status' }) status?: ArchiveStatus;
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(DATE, { message: 'Enter dates as YYYY-MM-DD' }) from?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(DATE, { message: 'Enter dates as YYYY-MM-DD' }) to?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(/^\d{1,9}$/) page?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(/^(off|\d{1,5})$/) pagination?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(/^\d{1,5}$/) per_page?: string;
}

export class ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() page?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() pagination?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() per_page?: string;
}

export class ForServiceDto {
  @ApiProperty() @IsUUID('all', { message: 'Select a valid service' }) service_id: string;
}

export class DamagedQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsUUID('all', { message: 'Select a valid queue' }) queue_id?: string;
}

export class FeedbackDto {
  @ApiProperty() @ToNumber() @IsInt() @Min(1) @Max(5) stars: number;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(2000) text?: string | null;
}

export class LateDto {
  /** How many places to step back; one when absent. */
  @ApiPropertyOptional() @IsOptional() @ToNumber() @IsInt() @Min(1) @Max(50) places?: number;
}

export class NoteTypeDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(100) name: string;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @Matches(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { message: 'Enter a colour as #rrggbb' })
  color?: string | null;
}

export class NoteTypeUpdateDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MinLength(1) @MaxLength(100) name?: string;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @Matches(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { message: 'Enter a colour as #rrggbb' })
  color?: string | null;
}
