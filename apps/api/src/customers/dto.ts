import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { PageQuery } from '../common/dto-fields';
import { Alias } from '../common/input-rules';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { CATEGORIES, LANGUAGES, VERIFICATIONS } from '@tabour/customers';
import { SORTS } from './queries';

const NullableText = (max: number) => (target: object, key: string) => {
  ValidateIf((_o, v) => v !== null && v !== undefined)(target, key);
  IsString({ message: `${key} must be text` })(target, key);
  MaxLength(max, { message: `The ${key.replace(/_/g, ' ')} may have at most ${max} characters` })(target, key);
};

const UpperCase = () => Transform(({ value }) => (typeof value === 'string' ? value.toUpperCase() : value));

/** Every field optional: the decision checks formats (phone, e-mail, date) and what a create needs. */
export class CustomerDto {
  @ApiPropertyOptional() @NullableText(150) first_name?: string | null;
  @ApiPropertyOptional() @NullableText(150) last_name?: string | null;
  @ApiPropertyOptional() @NullableText(254) email?: string | null;
  @ApiPropertyOptional({ description: 'any format; stored in E.164, read with the business country by default' })
  @Alias('phone_number')
  @NullableText(40)
  phone?: string | null;
  @ApiPropertyOptional() @Alias('second_phone_number') @NullableText(40) second_phone?: string | null;
  @ApiPropertyOptional() @NullableText(300) address?: string | null;
  @ApiPropertyOptional({ example: '1990-05-31' }) @NullableText(10) date_of_birth?: string | null;
  @ApiPropertyOptional() @NullableText(150) place_of_birth?: string | null;
  @ApiPropertyOptional({ example: 'TN' }) @NullableText(2) nationality?: string | null;
  @ApiPropertyOptional({ enum: LANGUAGES })
  @ValidateIf((_o, v) => v !== null && v !== undefined)
  @IsIn(LANGUAGES as unknown as string[], { message: 'Select a valid language' })
  preferred_language?: string | null;
  @ApiPropertyOptional() @Transform(({ value }) => (typeof value === 'number' ? String(value) : value)) @NullableText(50) internal_id?: string | null;
  @ApiPropertyOptional() @NullableText(150) platform_id?: string | null;
  @ApiPropertyOptional({ enum: VERIFICATIONS })
  @ValidateIf((_o, v) => v !== null && v !== undefined)
  @IsIn(VERIFICATIONS as unknown as string[], { message: 'Select a valid verification' })
  platform_verification?: string | null;
  @ApiPropertyOptional() @NullableText(5000) notes?: string | null;
  @ApiPropertyOptional()
  @ValidateIf((_o, v) => v !== null && v !== undefined)
  @IsObject({ message: 'Additional data must be an object' })
  additional_data?: Record<string, unknown> | null;
  @ApiPropertyOptional({ enum: CATEGORIES })
  @IsOptional()
  @UpperCase()
  @IsIn(CATEGORIES as unknown as string[], { message: 'Select a valid category (BASIC, VIP, BLACKLISTED)' })
  category?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'book_more_than_once must be true or false' }) book_more_than_once?: boolean;
}

export class CustomerListQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() page?: string;
  @ApiPropertyOptional({ description: '"off" or a page size up to 1000' }) @IsOptional() @IsString() pagination?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() per_page?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: CATEGORIES })
  @IsOptional()
  @UpperCase()
  @IsIn(CATEGORIES as unknown as string[], { message: 'Select a valid category (BASIC, VIP, BLACKLISTED)' })
  category?: string;
  @ApiPropertyOptional({ enum: SORTS }) @IsOptional() @IsIn(SORTS as unknown as string[], { message: `sort must be one of ${SORTS.join(', ')}` }) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(['asc', 'desc'], { message: 'order must be asc or desc' })
  order?: string;
}

export class ExportQuery extends CustomerListQuery {
  @ApiPropertyOptional({ enum: ['csv', 'xlsx'] }) @IsOptional() @IsIn(['csv', 'xlsx'], { message: 'format must be csv or xlsx' }) format?: string;
}

export { PageQuery };

export class RelatedDto {
  @ApiPropertyOptional() @IsUUID('all', { message: 'Select a valid customer' }) customer_id: string;
  @ApiPropertyOptional() @IsOptional() page?: string | number;
  @ApiPropertyOptional() @IsOptional() per_page?: string | number;
}

export class AttachmentFormDto {
  @ApiPropertyOptional() @IsUUID('all', { message: 'Select a valid customer' }) customer_id: string;
}

export class PrivacyDto {
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'delete_history_daily must be true or false' }) delete_history_daily?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'hide_customer_names must be true or false' }) hide_customer_names?: boolean;
}

export class PublishDto {
  @ApiPropertyOptional()
  @Transform(({ value }) => (value === 'true' || value === 1 || value === '1' ? true : value === 'false' || value === 0 || value === '0' ? false : value))
  @IsBoolean({ message: 'published must be true or false' })
  published: boolean;
}
