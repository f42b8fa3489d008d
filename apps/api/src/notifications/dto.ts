import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { CHANNELS, LANGUAGES, MESSAGE_STATUSES, MESSAGE_TYPES } from '@tabour/contracts';
import { TEMPLATE_MAX_LENGTH } from '@tabour/notifications';
import { NullableMatch, OptionalChoice, PageQuery } from '../common/dto-fields';
import { ReadFields } from '../common/input-rules';

const list = (values: readonly string[]) => values as unknown as string[];
const TYPE_MESSAGE = `Select a valid message type (${MESSAGE_TYPES.join(', ')})`;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The SMS settings form; `balance` is read, never written. */
@ReadFields('balance')
export class SmsSettingsDto {
  /** The business's sender name (the organisation's `sms_sender_name`), null for the installation's number. */
  @NullableMatch(/^[A-Za-z0-9 ]{1,11}$/, 'The SMS sender name must be 1 to 11 letters or digits')
  sender_name?: string | null;
  @ApiPropertyOptional({ enum: MESSAGE_TYPES, isArray: true })
  @IsOptional()
  @IsArray({ message: 'enabled_types must be a list of message types' })
  @ArrayMaxSize(MESSAGE_TYPES.length * 2)
  @IsIn(list(MESSAGE_TYPES), { each: true, message: TYPE_MESSAGE })
  enabled_types?: string[];
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'fallback_to_email must be true or false' }) fallback_to_email?: boolean;
}

/** Any part of the notification settings; the decider checks each switch by name. */
export class NotificationSettingsDto {
  @ApiPropertyOptional({ description: 'sms, email, push: true or false' })
  @IsOptional()
  @IsObject({ message: 'channels must be an object' })
  channels?: Record<string, unknown>;
  @ApiPropertyOptional({ description: 'a BOOKING_* message type: true or false' })
  @IsOptional()
  @IsObject({ message: 'booking must be an object' })
  booking?: Record<string, unknown>;
  @ApiPropertyOptional({ description: 'a QUEUE_* message type: true or false' })
  @IsOptional()
  @IsObject({ message: 'queue must be an object' })
  queue?: Record<string, unknown>;
  @ApiPropertyOptional({ description: 'allow_cancel, allow_running_late, allow_feedback, get_ready_places' })
  @IsOptional()
  @IsObject({ message: 'public must be an object' })
  public?: Record<string, unknown>;
}

/** A template as the editor saves it; `type`, `language`, `channel` and `custom` are the path's and the answer's. */
@ReadFields('type', 'language', 'channel', 'custom', 'message_type')
export class TemplateDto {
  @ApiProperty() @IsString({ message: 'The message must be a text' }) @MaxLength(TEMPLATE_MAX_LENGTH * 2) body: string;
  @ApiPropertyOptional({ nullable: true, description: 'the e-mail subject or push title' })
  @IsOptional()
  @IsString({ message: 'The subject must be a text' })
  @MaxLength(TEMPLATE_MAX_LENGTH)
  subject?: string | null;
}

export class TemplatePreviewDto {
  @ApiProperty({ enum: MESSAGE_TYPES }) @IsIn(list(MESSAGE_TYPES), { message: TYPE_MESSAGE }) type: string;
  @ApiProperty({ enum: LANGUAGES }) @IsIn(list(LANGUAGES), { message: `Select a valid language (${LANGUAGES.join(', ')})` }) language: string;
  @ApiPropertyOptional({ enum: CHANNELS })
  @IsOptional()
  @IsIn(list(CHANNELS), { message: `Select a valid channel (${CHANNELS.join(', ')})` })
  channel?: string;
  @ApiProperty() @IsString({ message: 'The message must be a text' }) @MaxLength(TEMPLATE_MAX_LENGTH * 2) body: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(TEMPLATE_MAX_LENGTH) subject?: string | null;
}

export class TemplatesQuery {
  @OptionalChoice(MESSAGE_TYPES, TYPE_MESSAGE) type?: string;
  @OptionalChoice(LANGUAGES, `Select a valid language (${LANGUAGES.join(', ')})`) language?: string;
  @OptionalChoice(CHANNELS, `Select a valid channel (${CHANNELS.join(', ')})`) channel?: string;
}

export const SMS_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/** The SMS ledger's filters: status, message type, days (in the business's zone) and a part of the number. */
export class SmsTransactionsQuery extends PageQuery {
  @OptionalChoice(MESSAGE_STATUSES, `Select a valid status (${MESSAGE_STATUSES.join(', ')})`) status?: string;
  @OptionalChoice(MESSAGE_TYPES, TYPE_MESSAGE) message_type?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(DATE, { message: 'from must be a date (YYYY-MM-DD)' }) from?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(DATE, { message: 'to must be a date (YYYY-MM-DD)' }) to?: string;
  @ApiPropertyOptional({ description: 'digits of the destination' })
  @IsOptional()
  @Matches(/^\+?[\d\s-]{1,20}$/, { message: 'destination must be digits of a phone number' })
  destination?: string;
}

export class SmsExportQuery extends SmsTransactionsQuery {
  @OptionalChoice(SMS_EXPORT_FORMATS, 'format must be csv or xlsx') format?: (typeof SMS_EXPORT_FORMATS)[number];
}

export class StaffNotificationsQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'true: only the unread' })
  @IsOptional()
  @IsIn(['true', 'false', '1', '0'], { message: 'unread must be true or false' })
  unread?: string;
}

/** The staff's message to customers of the /customers screen, by SMS or e-mail. */
export class NotifyDto {
  @ApiPropertyOptional({ type: [String] })
  @IsArray({ message: 'Select at least one customer' })
  @ArrayMinSize(1, { message: 'Select at least one customer' })
  @ArrayMaxSize(1000, { message: 'Select at most 1000 customers' })
  @IsUUID('all', { each: true, message: 'Select valid customers' })
  customer_ids: string[];
  @ApiPropertyOptional({ enum: ['sms', 'email'] }) @IsIn(['sms', 'email'], { message: 'channel must be sms or email' }) channel: 'sms' | 'email';
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(150) subject?: string;
  @ApiPropertyOptional() @IsString({ message: 'The message is required' }) @IsNotEmpty({ message: 'The message is required' }) @MaxLength(2000) message: string;
}
