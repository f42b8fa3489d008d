import { IsDateString, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';

export class ActivityQuery {
  @IsOptional() @Matches(/^\d{1,9}$/, { message: 'page must be a positive whole number' }) page?: string;
  @IsOptional() @Matches(/^\d{1,4}$/, { message: 'per_page must be a whole number' }) per_page?: string;
  @IsOptional() @Matches(/^(off|\d{1,4})$/, { message: 'pagination must be "off" or a number' }) pagination?: string;
  /** An event type, e.g. DepartmentCreated. */
  @IsOptional() @IsString() @Matches(/^[A-Za-z]{1,80}$/, { message: 'type must be an event type name' }) type?: string;
  /** A record kind: the stream category, e.g. department. */
  @IsOptional() @IsString() @Matches(/^[a-z_]{1,40}$/, { message: 'category must be a record kind' }) category?: string;
  /** One record's history: its stream id, e.g. department-<uuid>. */
  @IsOptional() @IsString() @MaxLength(120) stream_id?: string;
  @IsOptional() @IsUUID('all', { message: 'actor_id must be an id' }) actor_id?: string;
  @IsOptional() @IsDateString({}, { message: 'from must be a date' }) from?: string;
  @IsOptional() @IsDateString({}, { message: 'to must be a date' }) to?: string;
}
