import { findOwnerRegistration } from '@tabour/platform';
import type { BusinessRegistered } from '../account';
import type { Profile } from './events';

export const userStream = (userId: string) => `user-${userId}`;

export type UserState = { status: 'none' } | ({ status: 'active' | 'removed'; business_id: string } & Profile);

export const initialUserState = (): UserState => ({ status: 'none' });

/** The owner's registration, if `userId` owns the business registered in these events. */
export function ownerOrigin(events: { type: string; data: unknown }[], userId: string): BusinessRegistered[] {
  const e = findOwnerRegistration<BusinessRegistered>(events, userId);
  return e ? [e] : [];
}
