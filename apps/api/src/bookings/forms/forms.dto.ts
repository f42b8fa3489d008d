import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, Matches, Max, Min } from 'class-validator';
import { FORM_FIELD_TYPES, RULE_FLOWS, type FormFieldLanguage } from '@tabour/contracts';
import { ReadFields } from '../../common/input-rules';

const list = (values: readonly string[]) => values as unknown as string[];

/** A booking form field; the decider checks names, options and type together. */
@ReadFields('id', 'created_at', 'updated_at')
export class FormFieldDto {
  @ApiPropertyOptional({ enum: RULE_FLOWS })
  @IsOptional()
  @IsIn(list(RULE_FLOWS), { message: `Select a valid flow (${RULE_FLOWS.join(', ')})` })
  flow?: (typeof RULE_FLOWS)[number];
  @ApiPropertyOptional({ description: 'name per language: ar, en, fr, he, ru' })
  @IsOptional()
  @IsObject({ message: 'Give the field a name in at least one language' })
  names?: Partial<Record<FormFieldLanguage, string>>;
  @ApiPropertyOptional({ enum: FORM_FIELD_TYPES })
  @IsOptional()
  @IsIn(list(FORM_FIELD_TYPES), { message: `Select a valid type (${FORM_FIELD_TYPES.join(', ')})` })
  type?: (typeof FORM_FIELD_TYPES)[number];
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @ArrayMaxSize(50) options?: string[];
  @ApiPropertyOptional() @IsOptional() @IsBoolean() required?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(10_000) position?: number;
}

export class FormsQuery {
  @ApiPropertyOptional() @IsOptional() @Matches(/^\d{1,9}$/, { message: 'page must be a positive whole number' }) page?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(/^(off|\d{1,4})$/, { message: 'pagination must be "off" or a number' }) pagination?: string;
  @ApiPropertyOptional({ enum: RULE_FLOWS })
  @IsOptional()
  @IsIn(list(RULE_FLOWS), { message: `Select a valid flow (${RULE_FLOWS.join(', ')})` })
  flow?: (typeof RULE_FLOWS)[number];
}
