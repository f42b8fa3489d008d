import type { Category, CustomerInput } from '../fields';

export interface AttachmentInfo {
  attachment_id: string;
  storage_key: string;
  content_type: string;
  size: number;
}

export type EraseReason = 'request' | 'history_deleted';

export type CustomerCommand =
  | {
      type: 'RegisterCustomer';
      customer_id: string;
      business_id: string;
      country: string | null;
      today?: string;
      input: CustomerInput;
      via?: 'staff' | 'import' | 'kiosk';
    }
  | { type: 'UpdateCustomer'; customer_id: string; business_id: string; country: string | null; today?: string; input: CustomerInput }
  | { type: 'ChangeCustomerCategory'; customer_id: string; business_id: string; category: Category }
  | { type: 'AddCustomerAttachment'; customer_id: string; business_id: string; attachment: AttachmentInfo; file_name: string }
  | { type: 'RemoveCustomerAttachment'; customer_id: string; business_id: string; attachment_id: string }
  | { type: 'EraseCustomer'; customer_id: string; business_id: string; reason: EraseReason };
