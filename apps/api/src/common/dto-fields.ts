import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
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
import { EmptyToNull, FromJson, ToBoolean, ToList, ToNumber } from './transforms';

/**
 * The field decorators several DTOs share, so a rule (a limit, a message, whether null clears a
 * field) is written once. Each applies its parts as if they were written one above the other,
 * the last first: class-validator lists a field's messages in that order and the first one is
 * the answer's message, so a field keeps the message it had when its decorators were inline.
 */
export const stack = (...parts: PropertyDecorator[]): PropertyDecorator => applyDecorators(...[...parts].reverse());

const present = (_: object, v: unknown): boolean => v !== null;

/** What a list of ids may arrive as from a form: JSON text (`json`), "a,b" or repeated fields (`list`), or only a JSON array. */
type ListForm = 'list' | 'json' | 'plain';
const listForm = (form: ListForm): PropertyDecorator[] => (form === 'list' ? [ToList()] : form === 'json' ? [FromJson()] : []);

/** Required text of 1 to `max` characters. */
export const Name = (max: number): PropertyDecorator => stack(ApiProperty(), IsString(), MinLength(1), MaxLength(max));

/** Text of 1 to `max` characters that may be left out (it cannot be emptied). */
export const OptionalName = (max: number): PropertyDecorator => stack(ApiPropertyOptional(), IsOptional(), IsString(), MinLength(1), MaxLength(max));

/** Optional text up to `max` characters, cleared by null or empty form text. */
export const NullableText = (max: number): PropertyDecorator =>
  stack(ApiPropertyOptional({ nullable: true }), IsOptional(), EmptyToNull(), ValidateIf(present), IsString(), MaxLength(max));

/** Optional text matching `pattern` (a query's paging or dates). */
export const OptionalMatch = (pattern: RegExp, message?: string): PropertyDecorator =>
  stack(ApiPropertyOptional(), IsOptional(), Matches(pattern, message === undefined ? undefined : { message }));

/** Optional text matching `pattern`, cleared by null or empty form text. */
export const NullableMatch = (pattern: RegExp, message: string): PropertyDecorator =>
  stack(ApiPropertyOptional({ nullable: true }), IsOptional(), EmptyToNull(), ValidateIf(present), IsString(), Matches(pattern, { message }));

/** An optional id, cleared by null or empty form text. */
export const NullableId = (message: string): PropertyDecorator =>
  stack(ApiPropertyOptional({ nullable: true }), IsOptional(), EmptyToNull(), ValidateIf(present), IsUUID('all', { message }));

/** An optional yes/no, "true"/"1" and "false"/"0" from a form. */
export const Flag = (): PropertyDecorator => stack(ApiPropertyOptional(), IsOptional(), ToBoolean(), IsBoolean());

/** An optional whole number from `min` to `max`, text from a form. */
export const OptionalInt = (min: number, max: number): PropertyDecorator => stack(ApiPropertyOptional(), IsOptional(), ToNumber(), IsInt(), Min(min), Max(max));

/** A required whole number from `min` to `max`, text from a form. */
export const WholeNumber = (min: number, max: number): PropertyDecorator => stack(ApiProperty(), ToNumber(), IsInt(), Min(min), Max(max));

/** An optional choice among `values`. */
export const OptionalChoice = (values: readonly string[], message: string): PropertyDecorator =>
  stack(ApiPropertyOptional({ enum: values }), IsOptional(), IsIn(values as string[], { message }));

/** An optional list of at most `max` ids, each refused with `message`. */
export const IdList = (max: number, message: string, form: ListForm = 'plain'): PropertyDecorator =>
  stack(ApiPropertyOptional({ type: [String] }), IsOptional(), ...listForm(form), IsArray(), ArrayMaxSize(max), IsUUID('all', { each: true, message }));

/** An optional list of at most `max` texts of at most `each` characters. */
export const TextList = (max: number, each: number, form: ListForm = 'plain'): PropertyDecorator =>
  stack(
    ApiPropertyOptional({ type: [String] }),
    IsOptional(),
    ...listForm(form),
    IsArray(),
    ArrayMaxSize(max),
    IsString({ each: true }),
    MaxLength(each, { each: true }),
  );

/**
 * A list of at most `max` objects each checked as `type`; `json` when a form may send it as JSON
 * text, `nullable` when null clears it.
 */
export const NestedList = (type: new () => object, max: number, opts: { optional?: boolean; nullable?: boolean; json?: boolean } = {}): PropertyDecorator =>
  stack(
    (opts.optional ? ApiPropertyOptional : ApiProperty)({ type: [type], ...(opts.nullable ? { nullable: true } : {}) }),
    ...(opts.optional ? [IsOptional()] : []),
    ...(opts.json ? [FromJson()] : []),
    ...(opts.nullable ? [ValidateIf(present)] : []),
    IsArray(),
    ArrayMaxSize(max),
    ValidateNested({ each: true }),
    Type(() => type),
  );

/** A query's paging, as react-admin and the other clients send it; the list reads and bounds it. */
export class PageQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() page?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() pagination?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() per_page?: string;
}
