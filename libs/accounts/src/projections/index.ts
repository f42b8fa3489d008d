import type { InlineProjection } from '@tabour/eventstore';
import { accountSettingsProjection } from './account-settings';
import { businessAccountsProjection } from './business-accounts';
import { usersProjection } from './users';

export { accountSettingsProjection, businessAccountsProjection, usersProjection };

/** Each reads nothing but its events, so any one can be rebuilt alone. */
export const ACCOUNTS_PROJECTIONS: readonly InlineProjection[] = [businessAccountsProjection, usersProjection];
