import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  Equals,
  IsEmail,
  IsIn,
  IsISO31661Alpha2,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  ValidationArguments,
} from 'class-validator';
import { isStrongPassword, LANGUAGES, PASSWORD_MISMATCH, PASSWORD_RULE, type Language } from '@tabour/accounts';
import { normaliseEmail } from '@tabour/platform';
import { EMAIL_TAKEN } from './commands';

export const TERMS_REQUIRED = 'You MUST accept our Terms and Conditions';

const StrongPassword = () => ValidateBy({ name: 'strongPassword', validator: { validate: (v) => isStrongPassword(v), defaultMessage: () => PASSWORD_RULE } });
const SameAs = (field: string) =>
  ValidateBy({
    name: 'sameAs',
    constraints: [field],
    validator: {
      validate: (v, args?: ValidationArguments) => typeof v === 'string' && v === (args?.object as Record<string, unknown>)[field],
      defaultMessage: () => PASSWORD_MISMATCH,
    },
  });
/** HTML forms send "true", "1" or "on" for a ticked box. */
const FormBoolean = () => Transform(({ value }) => (value === true || value === 'true' || value === '1' || value === 1 || value === 'on' ? true : value));
const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
/** An e-mail as stored: NFKC, invisible characters out, trimmed (`normaliseEmail`). */
const emailForm = () => Transform(({ value }) => (typeof value === 'string' ? normaliseEmail(value) : value));
/** A form's empty field means none, as null does in JSON. */
const EmptyToNull = () => Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : value));
const PHONE = /^\+?[0-9 ().-]{6,20}$/;
const PHONE_MESSAGE = 'Enter a valid phone number';

export class RegisterDto {
  @ApiProperty() @trim() @IsString() @IsNotEmpty({ message: 'The business name is required' }) @MaxLength(200) business_name: string;
  @ApiProperty() @trim() @IsString() @IsNotEmpty({ message: 'The first name is required' }) @MaxLength(100) first_name: string;
  @ApiProperty() @trim() @IsString() @IsNotEmpty({ message: 'The last name is required' }) @MaxLength(100) last_name: string;
  @ApiProperty() @emailForm() @IsEmail({}, { message: EMAIL_TAKEN }) @MaxLength(254, { message: EMAIL_TAKEN }) email: string;
  @ApiPropertyOptional({ nullable: true }) @EmptyToNull() @IsOptional() @IsString() @Matches(PHONE, { message: PHONE_MESSAGE }) phone?: string | null;
  @ApiPropertyOptional({ description: 'ISO 3166-1 alpha-2 code', nullable: true })
  @EmptyToNull()
  @IsOptional()
  @IsISO31661Alpha2({ message: 'Select a valid country' })
  country?: string | null;
  @ApiProperty() @StrongPassword() password: string;
  @ApiProperty() @SameAs('password') password_confirmation: string;
  @ApiProperty() @FormBoolean() @Equals(true, { message: TERMS_REQUIRED }) terms: boolean;
}

export class LoginDto {
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'The email is required' }) @MaxLength(254) email: string;
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'The password is required' }) @MaxLength(200) password: string;
  @ApiPropertyOptional({ description: 'Reported by the client; the server uses the connection address' }) @IsOptional() @IsString() @MaxLength(64) ip?: string;
  @ApiPropertyOptional({ description: 'The key of GET /business/account/captcha' }) @IsOptional() @IsString() @MaxLength(64) key?: string;
  @ApiPropertyOptional({ description: 'The text read from the captcha image' }) @IsOptional() @IsString() @MaxLength(32) captcha?: string;
  @ApiPropertyOptional({ description: 'Single sign-on is not offered: ignored' }) @IsOptional() @IsString() @MaxLength(200) sso_connection?: string;
}

export class LegacyLoginDto {
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'The email is required' }) @MaxLength(254) email: string;
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'The password is required' }) @MaxLength(200) password: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) ip?: string;
}

export class UpdateAccountDto {
  @ApiPropertyOptional() @IsOptional() @trim() @IsString() @IsNotEmpty({ message: 'The first name is required' }) @MaxLength(100) first_name?: string;
  @ApiPropertyOptional() @IsOptional() @trim() @IsString() @IsNotEmpty({ message: 'The last name is required' }) @MaxLength(100) last_name?: string;
  @ApiPropertyOptional() @IsOptional() @emailForm() @IsEmail({}, { message: EMAIL_TAKEN }) @MaxLength(254, { message: EMAIL_TAKEN }) email?: string;
  @ApiPropertyOptional({ nullable: true }) @EmptyToNull() @IsOptional() @IsString() @Matches(PHONE, { message: PHONE_MESSAGE }) phone?: string | null;
  @ApiPropertyOptional({ enum: LANGUAGES }) @IsOptional() @IsIn(LANGUAGES, { message: 'Select a valid language' }) language?: Language;
}

export class ChangePasswordDto {
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'The current password is required' }) @MaxLength(200) current_password: string;
  @ApiProperty() @StrongPassword() password: string;
  @ApiProperty() @SameAs('password') password_confirmation: string;
}

export class ResetRequestDto {
  @ApiProperty() @emailForm() @IsEmail({}, { message: 'Enter a valid email' }) @MaxLength(254) email: string;
}

export class ResetUpdateDto {
  @ApiProperty() @emailForm() @IsEmail({}, { message: 'Enter a valid email' }) @MaxLength(254) email: string;
  @ApiProperty({ description: 'The 6-digit code sent by e-mail' })
  @IsString()
  @Matches(/^\s*\d{6}\s*$/, { message: 'email and reset code do not match' })
  code: string;
  @ApiProperty() @StrongPassword() password: string;
  @ApiProperty() @SameAs('password') password_confirmation: string;
}

/** Deleting the business asks again for the caller's password and for its name typed out. */
export class DeleteBusinessDto {
  @ApiProperty({ description: "The caller's password" }) @IsString() @IsNotEmpty({ message: 'The password is required' }) @MaxLength(200) password: string;
  @ApiProperty({ description: "The business's name, typed as it is shown" })
  @IsString()
  @IsNotEmpty({ message: 'Type the name of the business to confirm' })
  @MaxLength(200)
  confirmation: string;
}

export class UsersListQuery {
  @IsOptional() @IsString() page?: string;
  @IsOptional() @IsString() per_page?: string;
  @IsOptional() @IsString() pagination?: string;
  @IsOptional() @IsString() @MaxLength(100) q?: string;
  @IsOptional() @IsIn(['first_name', 'last_name', 'email', 'role', 'created_at']) sort?: string;
  @IsOptional() @IsIn(['asc', 'desc', 'ASC', 'DESC']) order?: string;
}
