/** The accounts context's answers: the signed-in user, the session, the membership. */
import type { Instant } from './instants';
import type { Package, Position, Role } from './lists';

export const PLANS = ['monthly', 'yearly'] as const;
export type Plan = (typeof PLANS)[number];

/** What a business may use now, and what it has left. */
export interface MembershipView {
  package: Package;
  plan: Plan | null;
  ends_at: string | null;
  trial: { active: boolean; days_left: number; hours_left: number; ends_at: string | null };
  sms: { allowance: number; consumed: number; balance: number };
}

/** A staff login as the team and profile reads give it. */
export interface UserView<At = Instant> {
  id: string;
  business_id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  language: string | null;
  role: Role | string;
  position: Position | string;
  created_at: At;
  updated_at: At;
}

export type SessionUser = Omit<UserView, 'created_at' | 'updated_at'>;

/** The business as a session carries it. */
export interface SessionBusiness {
  id: string;
  name: string;
  /** The organisation id of the business: the business id itself. */
  organization_id: string;
  status: 'pending' | 'approved';
  membership: MembershipView;
  permissions: { kiosks: boolean; displays: boolean };
}

/** What a successful login answers, and what the web keeps in local storage. */
export interface SessionAnswer {
  token: string;
  user: SessionUser;
  business: SessionBusiness;
}

/** `GET /business/account/login-config`: whether the login page asks for a captcha. */
export interface LoginConfig {
  captcha: boolean;
}

/** `GET /business/account/captcha`: the image to show, and the key the login sends back with its text. */
export interface Captcha {
  key: string;
  image: string;
}
