import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsObject, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { REMOTE_COMMANDS } from '@tabour/contracts';
import { DEVICE_STATUSES, GUEST_PSEUDOS, LANGUAGES, TICKET_FORMATS } from '@tabour/devices';
import { Flag, IdList, Name, NullableId, NullableText, OptionalChoice, OptionalInt, OptionalName, TextList } from '../common/dto-fields';
import { EmptyToNull, FromJson, ToNumber } from '../common/transforms';

const Ms = () => (target: object, key: string) => {
  ToNumber()(target, key);
  IsOptional()(target, key);
  IsInt()(target, key);
  Min(0)(target, key);
  Max(86_400_000)(target, key);
};

/** Every kiosk setting, optional: create fills the defaults, update changes what is given. Multipart-friendly. */
export class KioskFieldsDto {
  @OptionalName(100) name?: string;
  @OptionalChoice(DEVICE_STATUSES, 'Select a valid status') status?: (typeof DEVICE_STATUSES)[number];
  @IdList(50, 'Select valid queues', 'list') queue_ids?: string[];
  @NullableText(40) theme?: string | null;
  @TextList(50, 50, 'list') ip_restriction?: string[];
  @TextList(50, 20, 'list') mac_restriction?: string[];
  @Flag() logout_on_ip_change?: boolean;
  @Flag() guest_mode?: boolean;
  @Flag() guest_login_required?: boolean;
  @OptionalChoice(GUEST_PSEUDOS, 'Select a valid pseudo') guest_pseudo?: (typeof GUEST_PSEUDOS)[number];
  @Flag() allow_booking?: boolean;
  @Flag() collect_customer_details?: boolean;
  @Flag() require_internal_id?: boolean;
  @Flag() print_ticket?: boolean;
  @Flag() sms_ticket?: boolean;
  @OptionalChoice(TICKET_FORMATS, 'Select a valid ticket format') ticket_format?: (typeof TICKET_FORMATS)[number];
  @Flag() virtual_keyboard?: boolean;
  @OptionalInt(50, 300) zoom?: number;
  @Flag() allow_multiple_services?: boolean;
  @Flag() allow_quantity_services?: boolean;
  @Flag() calendar_sync?: boolean;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } }) @IsOptional() @FromJson() @IsObject() colours?: Record<
    string,
    string | null
  >;
  @ApiPropertyOptional({ enum: [1, 2] }) @IsOptional() @ToNumber() @IsIn([1, 2], { message: 'Select configuration style 1 or 2' }) config_version?: 1 | 2;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } }) @IsOptional() @FromJson() @IsObject() v2_colours?: Record<
    string,
    string | null
  >;
  @ApiPropertyOptional() @Ms() idle_timeout_ms?: number;
  @ApiPropertyOptional() @Ms() print_timeout_ms?: number;
  @ApiPropertyOptional() @Ms() anonymous_hibernate_ms?: number;
  @ApiPropertyOptional() @Ms() auto_navigate_ms?: number;
  @ApiPropertyOptional() @Ms() auto_print_ms?: number;
  @Flag() allow_pagination?: boolean;
  @Flag() barcode_mode?: boolean;
  @ApiPropertyOptional({ enum: LANGUAGES, nullable: true })
  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_, v) => v !== null)
  @IsIn(LANGUAGES as unknown as string[], { message: 'Select a valid language' })
  predefined_language?: (typeof LANGUAGES)[number] | null;
}

export class CreateKioskDto extends KioskFieldsDto {
  @Name(100) declare name: string;
}

export { REMOTE_COMMANDS };

export class DeviceLoginDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(40) key?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) secret?: string;
  /** The auto-login token, instead of key and secret. */
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) token?: string;
}

export class DeviceListQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() page?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() pagination?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() per_page?: string;
  /** `lite=1`: id, name and status only (pickers). */
  @ApiPropertyOptional() @IsOptional() @IsIn(['0', '1', 'true', 'false']) lite?: string;
}

export class KioskPhoneDto {
  @ApiProperty() @IsString() @MinLength(3) @MaxLength(30) @Matches(/^[\d\s+().\-/]+$/, { message: 'Enter a valid phone number' }) phone: string;
}

export class KioskCustomerDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) first_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) last_name?: string;
  @ApiProperty() @IsString() @MinLength(3) @MaxLength(30) phone: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) email?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(50) internal_id?: string;
  @ApiPropertyOptional({ enum: LANGUAGES }) @IsOptional() @IsIn(LANGUAGES as unknown as string[]) preferred_language?: string;
}

export class KioskPushDto {
  @ApiProperty() @IsUUID('all', { message: 'Select a valid queue' }) queue_id: string;
  @IdList(20, 'Select valid services') service_ids?: string[];
  @NullableId('Select a valid customer') customer_id?: string | null;
  @NullableText(120) customer_name?: string | null;
  @NullableId('Select a valid team member') member_id?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsIn(LANGUAGES as unknown as string[]) language?: string;
}
