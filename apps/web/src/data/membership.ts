import type {
  BillingConfig,
  BillingDetails,
  BillingMembership,
  CardSession,
  CardSessionReturn,
  CheckoutAnswer,
  CouponCheck,
  CouponView,
  Invoice,
  List,
  PackageOffer,
  Page,
  Plan,
  Quote,
  SavedCard,
} from '@tabour/contracts';
import { api } from './http';

type Paid = 'LIBERUP' | 'LIBERPRO';

export const getMembership = () => api<BillingMembership>('/business/membership');
export const getPackages = () => api<List<PackageOffer>>('/business/package');
export const getBillingConfig = () => api<BillingConfig>('/business/billing/config');
export const getQuote = (pkg: Paid, plan: Plan) => api<Quote>(`/business/membership/quote?${new URLSearchParams({ package: pkg, plan })}`);
export const checkCoupon = (code: string, pkg: Paid, plan: Plan) =>
  api<CouponCheck>(`/business/billing/coupon/${encodeURIComponent(code)}?${new URLSearchParams({ package: pkg, plan })}`);
export const checkout = (body: { package: Paid | 'FREE'; plan: Plan | null; coupon?: string | null; payment_method_id?: string | null }) =>
  api<CheckoutAnswer>('/business/membership/update', { method: 'POST', body });
/** Cancel at the period's end, or take a cancellation or scheduled change back; the call names the package in force. */
export const changeRenewal = (pkg: Paid, action: 'cancel' | 'resume') =>
  api<CheckoutAnswer>('/business/membership/update', { method: 'POST', body: { package: pkg, action } });

export const getCards = () => api<List<SavedCard>>('/business/billing/payment-methods');
export const addCard = (body: { card_number: string; exp_month: number; exp_year: number; cvc: string; make_default?: boolean }) =>
  api<SavedCard>('/business/billing/create', { method: 'PUT', body });
/** Stripe's hosted card page for the business; it sends the card holder back to the page named. */
export const cardSession = (returnTo: CardSessionReturn) =>
  api<CardSession>('/business/billing/card/session', { method: 'POST', body: { return_to: returnTo } });
export const makeDefaultCard = (id: string) => api<SavedCard>(`/business/billing/${id}/update`, { method: 'PUT', body: { is_default: true } });
export const deleteCard = (id: string) => api<{ id: string }>(`/business/billing/${id}/delete`, { method: 'DELETE' });

export const getInvoices = (page: number, perPage = 25) => api<Page<Invoice>>(`/business/billing?page=${page}&per_page=${perPage}`);
export const invoicePdfPath = (id: string) => `/business/billing/${id}/pdf`;

export const getCoupons = () => api<List<CouponView>>('/business/coupons');

export const getBillingDetails = () => api<BillingDetails>('/business/billing/details');
export const saveBillingDetails = (body: Pick<BillingDetails, 'name' | 'address' | 'country' | 'vat_number' | 'email'>) =>
  api<BillingDetails>('/business/billing/details/update', { method: 'POST', body });
export const getCountries = () => api<List<{ code: string; name: string }>>('/business/countries?pagination=off');
