import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateIf } from 'class-validator';
import { PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentMethod } from '@tabour/contracts';

export class TransactionDto {
  @ApiProperty() @IsUUID('all', { message: 'Select a valid booking' }) booking_id: string;
  /** A number or a text with at most two decimals; the decider reads it in cents. */
  @ApiProperty({ example: '25.50' })
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : value))
  @Matches(/^\d{1,10}(\.\d{1,2})?$/, { message: 'Enter an amount greater than 0 with at most two decimals' })
  amount: string;
  @ApiProperty({ enum: PAYMENT_METHODS })
  @IsIn(PAYMENT_METHODS as unknown as string[], { message: `Select a valid method (${PAYMENT_METHODS.join(', ')})` })
  method: PaymentMethod;
  /** Derived from the booking's price and what is paid; a sent value is not taken. */
  @ApiPropertyOptional({ enum: PAYMENT_STATUSES }) @IsOptional() @IsIn(PAYMENT_STATUSES as unknown as string[]) status?: string;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Enter a valid date (YYYY-MM-DD)' })
  paid_on?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(500) note?: string | null;
}
