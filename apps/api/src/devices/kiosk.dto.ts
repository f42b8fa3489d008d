import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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
} from 'class-validator';
import { REMOTE_COMMANDS } from '@tabour/contracts';
import { DEVICE_STATUSES, GUEST_PSEUDOS, LANGUAGES, TICKET_FORMATS } from '@tabour/devices';
import { EmptyToNull, FromJson, ToBoolean, ToList, ToNumber } from '../organisation/transforms';

const Ms = () => (target: object, key: string) => {
  ToNumber()(target, key);
  IsOptional()(target, key);
  IsInt()(target, key);
  Min(0)(target, key);
  Max(86_400_000)(target, key);
};

/** Every kiosk setting, optional: create fills the defaults, update changes what is given. Multipart-friendly. */
export class KioskFieldsDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MinLength(1) @MaxLength(100) name?: string;
  @ApiPropertyOptional({ enum: DEVICE_STATUSES })
  @IsOptional()
  @IsIn(DEVICE_STATUSES as unknown as string[], { message: 'Select a valid status' })
  status?: (typeof DEVICE_STATUSES)[number];
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @ToList()
  @IsArray()
  @ArrayMaxSize(50)
  @IsUUID('all', { each: true, message: 'Select valid queues' })
  queue_ids?: string[];
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(40) theme?: string | null;
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @ToList()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(50, { each: true })
  ip_restriction?: string[];
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @ToList()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(20, { each: true })
  mac_restriction?: string[];
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() logout_on_ip_change?: boolean;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() guest_mode?: boolean;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() guest_login_required?: boolean;
  @ApiPropertyOptional({ enum: GUEST_PSEUDOS })
  @IsOptional()
  @IsIn(GUEST_PSEUDOS as unknown as string[], { message: 'Select a valid pseudo' })
  guest_pseudo?: (typeof GUEST_PSEUDOS)[number];
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() allow_booking?: boolean;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() collect_customer_details?: boolean;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() require_internal_id?: boolean;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() print_ticket?: boolean;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() sms_ticket?: boolean;
  @ApiPropertyOptional({ enum: TICKET_FORMATS })
  @IsOptional()
  @IsIn(TICKET_FORMATS as unknown as string[], { message: 'Select a valid ticket format' })
  ticket_format?: (typeof TICKET_FORMATS)[number];
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() virtual_keyboard?: boolean;
  @ApiPropertyOptional() @IsOptional() @ToNumber() @IsInt() @Min(50) @Max(300) zoom?: number;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() allow_multiple_services?: boolean;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() allow_quantity_services?: boolean;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() calendar_sync?: boolean;
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
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() allow_pagination?: boolean;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean() barcode_mode?: boolean;
  @ApiPropertyOptional({ enum: LANGUAGES, nullable: true })
  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_, v) => v !== null)
  @IsIn(LANGUAGES as unknown as string[], { message: 'Select a valid language' })
  predefined_language?: (typeof LANGUAGES)[number] | null;
}

export class CreateKioskDto extends KioskFieldsDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(100) declare name: string;
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
  @IsUUID('all', { message: 'Select a valid customer' })
  customer_id?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(120) customer_name?:
    string | null;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_, v) => v !== null)
  @IsUUID('all', { message: 'Select a valid team member' })
  member_id?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsIn(LANGUAGES as unknown as string[]) language?: string;
}
