import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CARD_SESSION_RETURNS, PAID_PACKAGES, PLANS } from '@tabour/contracts';
import { IsIn, IsOptional, ValidateIf } from 'class-validator';
import { Flag, Name, NullableId, NullableMatch, NullableText, OptionalChoice, OptionalInt, OptionalMatch, stack } from '../common/dto-fields';
import { ReadFields } from '../common/input-rules';

const Choice = (values: readonly string[], message: string): PropertyDecorator => stack(ApiProperty({ enum: values }), IsIn(values as string[], { message }));

/** A purchase, an upgrade, a change for the next period, or (action) a cancellation and its withdrawal. */
export class CheckoutDto {
  @Choice(PAID_PACKAGES, 'Select a valid package')
  package!: (typeof PAID_PACKAGES)[number];

  /** Left out, or null, for FREE. */
  @stack(
    ApiPropertyOptional({ enum: PLANS, nullable: true }),
    IsOptional(),
    ValidateIf((_: object, v: unknown) => v !== null),
    IsIn(PLANS as unknown as string[], { message: 'Select a valid plan' }),
  )
  plan?: (typeof PLANS)[number] | null;

  @NullableMatch(/^[A-Za-z0-9_-]{1,40}$/, 'This coupon does not exist')
  coupon?: string | null;

  @NullableId('Select one of your payment methods')
  payment_method_id?: string | null;
}

export class MembershipUpdateDto extends CheckoutDto {
  /** cancel: at the period's end; resume: take a cancellation or a scheduled change back. */
  @OptionalChoice(['cancel', 'resume'], 'cancel or resume')
  action?: 'cancel' | 'resume';
}

/** The package to price a coupon or a purchase for. */
export class QuoteQuery {
  @OptionalChoice(PAID_PACKAGES, 'Select a valid package')
  package?: (typeof PAID_PACKAGES)[number];

  @OptionalChoice(PLANS, 'Select a valid plan')
  plan?: (typeof PLANS)[number];

  @OptionalMatch(/^[A-Za-z0-9_-]{1,40}$/, 'This coupon does not exist')
  coupon?: string;
}

/** A card to save: a Stripe payment method's id, or with the local test provider a test card's number (refused with Stripe). */
export class CardDto {
  @OptionalMatch(/^pm_[A-Za-z0-9_]{1,120}$/, 'Add the card through the payment form')
  payment_method?: string;

  @OptionalMatch(/^[0-9 -]{12,23}$/, 'Enter the card number')
  card_number?: string;

  @OptionalInt(1, 12)
  exp_month?: number;

  @OptionalInt(2000, 2100)
  exp_year?: number;

  /** Checked by the provider only; never stored. */
  @OptionalMatch(/^\d{3,4}$/, 'Enter the 3 or 4 digits on the back of the card')
  cvc?: string;

  @Flag()
  make_default?: boolean;
}

/** Which page Stripe's card page sends the card holder back to (a fixed list: never an address from the request). */
export class CardSessionDto {
  @OptionalChoice(CARD_SESSION_RETURNS, 'billing or membership')
  return_to?: (typeof CARD_SESSION_RETURNS)[number];
}

@ReadFields('id', 'brand', 'last4', 'exp_month', 'exp_year', 'provider')
export class UpdateCardDto {
  /** true: the card the renewals are charged to. */
  @Flag()
  is_default?: boolean;
}

@ReadFields('vat_rate', 'reverse_charge')
export class BillingDetailsDto {
  @Name(150)
  name!: string;

  @NullableText(300)
  address?: string | null;

  @NullableMatch(/^[A-Za-z]{2}$/, 'Choose a country')
  country?: string | null;

  @NullableText(40)
  vat_number?: string | null;

  @NullableMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Email is invalid')
  email?: string | null;
}
