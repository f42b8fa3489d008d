import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateIf } from 'class-validator';
import { RULE_ACTIONS, RULE_APPLIES_TO, RULE_FLOWS, RULE_TIME_FRAMES, type WorkingDay } from '@tabour/contracts';
import { ReadFields } from '../../common/input-rules';

const list = (values: readonly string[]) => values as unknown as string[];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A rule's fields; the decider checks them as a whole (a custom time frame needs both dates). */
@ReadFields('id', 'position', 'created_at', 'updated_at')
export class RuleDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) name?: string;
  @ApiPropertyOptional({ enum: RULE_ACTIONS })
  @IsOptional()
  @IsIn(list(RULE_ACTIONS), { message: `Select a valid action (${RULE_ACTIONS.join(', ')})` })
  action?: (typeof RULE_ACTIONS)[number];
  @ApiPropertyOptional({ enum: RULE_FLOWS })
  @IsOptional()
  @IsIn(list(RULE_FLOWS), { message: `Select a valid flow (${RULE_FLOWS.join(', ')})` })
  flow?: (typeof RULE_FLOWS)[number];
  @ApiPropertyOptional({ enum: RULE_APPLIES_TO })
  @IsOptional()
  @IsIn(list(RULE_APPLIES_TO), { message: `Select a valid value (${RULE_APPLIES_TO.join(', ')})` })
  applies_to?: (typeof RULE_APPLIES_TO)[number];
  @ApiPropertyOptional({ enum: RULE_TIME_FRAMES })
  @IsOptional()
  @IsIn(list(RULE_TIME_FRAMES), { message: `Select a valid time frame (${RULE_TIME_FRAMES.join(', ')})` })
  time_frame?: (typeof RULE_TIME_FRAMES)[number];
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @Matches(DATE, { message: 'Enter a valid date (YYYY-MM-DD)' })
  starts_on?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @Matches(DATE, { message: 'Enter a valid date (YYYY-MM-DD)' })
  ends_on?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'null: every day, all day' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsArray()
  @ArrayMaxSize(7)
  working_days?: WorkingDay[] | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() enabled?: boolean;
}

export class ReorderRulesDto {
  @ApiProperty({ type: [String] }) @IsArray() @ArrayMaxSize(1000) @IsUUID('all', { each: true, message: 'Select valid rules' }) ids: string[];
}
