import { IsDateString, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { ACTIVITY_ACTOR_KINDS } from '@tabour/contracts';

export class ActivityQuery {
  @IsOptional() @Matches(/^\d{1,9}$/, { message: 'page must be a positive whole number' }) page?: string;
  @IsOptional() @Matches(/^\d{1,4}$/, { message: 'per_page must be a whole number' }) per_page?: string;
  @IsOptional() @Matches(/^(off|\d{1,4})$/, { message: 'pagination must be "off" or a number' }) pagination?: string;
  /** Event types, e.g. TicketCalled, or several separated by commas. */
  @IsOptional() @IsString() @Matches(/^[A-Za-z]{1,80}(,[A-Za-z]{1,80}){0,40}$/, { message: 'type must be an event type name' }) type?: string;
  /** A record kind: the stream category, e.g. department. */
  @IsOptional() @IsString() @Matches(/^[a-z_]{1,40}$/, { message: 'category must be a record kind' }) category?: string;
  /** One stream's history: its stream id, e.g. department-<uuid>. */
  @IsOptional() @IsString() @MaxLength(120) stream_id?: string;
  /** One record's whole timeline: a ticket's, booking's, customer's or any record's id. */
  @IsOptional() @IsUUID('all', { message: 'record_id must be an id' }) record_id?: string;
  @IsOptional() @IsUUID('all', { message: 'actor_id must be an id' }) actor_id?: string;
  @IsOptional() @IsIn(ACTIVITY_ACTOR_KINDS, { message: `actor_kind must be one of ${ACTIVITY_ACTOR_KINDS.join(', ')}` }) actor_kind?: string;
  @IsOptional() @IsDateString({}, { message: 'from must be a date' }) from?: string;
  @IsOptional() @IsDateString({}, { message: 'to must be a date' }) to?: string;
}

export class ActivityExportQuery extends ActivityQuery {
  @IsOptional() @IsIn(['csv', 'xlsx'], { message: 'format must be csv or xlsx' }) format?: 'csv' | 'xlsx';
}

export class ActivityStateQuery {
  @IsUUID('all', { message: 'record_id must be an id' }) record_id!: string;
  /** The moment to fold up to; now when absent. */
  @IsOptional() @IsDateString({}, { message: 'at must be a date' }) at?: string;
}
