/** The customers context's answers. */
import type { Instant } from './instants';
import type { CustomerCategory } from './lists';

/** A customer as the customer screens read it. */
export interface Customer<At = Instant> {
  id: string;
  first_name: string | null;
  last_name: string | null;
  full_name: string;
  email: string | null;
  /** E.164. */
  phone: string | null;
  second_phone: string | null;
  address: string | null;
  /** YYYY-MM-DD. */
  date_of_birth: string | null;
  place_of_birth: string | null;
  /** ISO 3166-1 alpha-2. */
  nationality: string | null;
  preferred_language: string | null;
  internal_id: string | null;
  platform_id: string | null;
  platform_verification: string | null;
  notes: string | null;
  additional_data: Record<string, unknown>;
  category: CustomerCategory | string;
  book_more_than_once: boolean;
  next_booking: At | null;
  created_at: At;
  updated_at: At;
}

/** A file kept with a customer's record; `url` downloads it. */
export interface Attachment<At = Instant> {
  id: string;
  customer_id: string;
  file_name: string;
  content_type: string;
  size: number;
  created_at: At;
  url: string;
}
