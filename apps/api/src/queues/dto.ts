import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsObject, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateIf } from 'class-validator';
import type { ArchiveStatus } from '@tabour/contracts';
import { NUMBER_TYPES } from '@tabour/queues';
import {
  Flag,
  IdList,
  NestedList,
  NullableMatch,
  Name,
  NullableId,
  NullableText,
  OptionalChoice,
  OptionalInt,
  OptionalName,
  PageQuery,
  WholeNumber,
} from '../common/dto-fields';
import { TranslationsDto, WorkingDayDto } from '../organisation/dto';
import { EmptyToNull, FromJson } from '../common/transforms';
import { ARCHIVE_STATUSES } from './queries';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class NewCounterDto {
  @Name(60) name: string;
  @OptionalInt(0, 600) break_minutes?: number;
  @IdList(200, 'Select valid services') service_ids?: string[];
}

export class UpdateCounterDto extends PartialType(NewCounterDto) {}

export class BreakDto {
  @WholeNumber(0, 600) break_minutes: number;
}

/** Every field of a queue (docs/product.md#queue-settings); all optional on update. */
export class QueueFieldsDto {
  @OptionalName(150) name?: string;
  @OptionalInt(0, 1000) priority?: number;
  @ApiPropertyOptional({ nullable: true, description: 'null or empty: no prefix' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9-]{0,5}$/, { message: 'The prefix may have up to 5 letters or digits' })
  ticket_prefix?: string;
  @OptionalInt(0, 100000) number_start?: number;
  @OptionalChoice(NUMBER_TYPES, 'Select a valid number type') number_type?: (typeof NUMBER_TYPES)[number];
  @Flag() synchronized?: boolean;
  @Flag() auto_call_next?: boolean;
  @Flag() auto_push_bookings?: boolean;
  @Flag() require_confirmed_booking?: boolean;
  @Flag() customer_chooses_member?: boolean;
  @Flag() ask_covid_symptoms?: boolean;
  @Flag() on_hold_enabled?: boolean;
  @IdList(500, 'Select valid services', 'json') service_ids?: string[];
  @IdList(200, 'Select valid departments', 'json') department_ids?: string[];
  @IdList(500, 'Select valid team members', 'json') member_ids?: string[];
  @NestedList(WorkingDayDto, 7, { optional: true, nullable: true, json: true }) working_days?: WorkingDayDto[] | null;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) @IsOptional() @FromJson() @IsObject() translations?: Record<
    string,
    { name: string; description?: string | null }
  >;
}

export class CreateQueueDto extends QueueFieldsDto {
  @Name(150) declare name: string;
  @NestedList(NewCounterDto, 50, { optional: true }) counters?: NewCounterDto[];
}

export { TranslationsDto };

export class SlotDto {
  @NestedList(WorkingDayDto, 7, { nullable: true, json: true }) working_days: WorkingDayDto[] | null;
}

export class ReorderServicesDto {
  @ApiProperty({ type: [String] }) @IsArray() @ArrayMaxSize(500) @IsUUID('all', { each: true, message: 'Select valid services' }) service_ids: string[];
}

export class DelayDto {
  @OptionalInt(0, 24) hours?: number;
  @OptionalInt(0, 59) minutes?: number;
}

export class PushDto {
  @IdList(20, 'Select valid services') service_ids?: string[];
  @NullableId('Select a valid team member') member_id?: string | null;
  @NullableId('Select a valid customer') customer_id?: string | null;
  @NullableText(120) customer_name?: string | null;
  @Flag() urgent?: boolean;
}

export class CallDto {
  @ApiProperty() @IsUUID('all', { message: 'Select a valid counter' }) counter_id: string;
}

export class RedirectDto {
  @Flag() keep_number?: boolean;
}

export class UrgentDto {
  /** Absent: the flag is turned over. */
  @Flag() urgent?: boolean;
}

export class NoteDto {
  @Name(2000) note: string;
  @NullableId('Select a valid note type') note_type_id?: string | null;
}

export class MemberDto {
  @ApiProperty({ nullable: true }) @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsUUID('all', { message: 'Select a valid team member' }) member_id:
    string | null;
}

export class DurationDto {
  /** The new expected service time, in minutes. */
  @WholeNumber(1, 600) duration: number;
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

export class ListQueryDto extends PageQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) q?: string;
}

export class ForServiceDto {
  @ApiProperty() @IsUUID('all', { message: 'Select a valid service' }) service_id: string;
}

export class DamagedQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsUUID('all', { message: 'Select a valid queue' }) queue_id?: string;
}

export class FeedbackDto {
  @WholeNumber(1, 5) stars: number;
  @NullableText(2000) text?: string | null;
}

export class LateDto {
  /** How many places to step back; one when absent. */
  @OptionalInt(1, 50) places?: number;
}

export class NoteTypeDto {
  @Name(100) name: string;
  @NullableMatch(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Enter a colour as #rrggbb') color?: string | null;
}

export class NoteTypeUpdateDto extends PartialType(NoteTypeDto) {}
