import type { Plan } from '@tabour/contracts';
import type { ChosenPackage } from './events';

export const accountStream = (businessId: string) => `account-${businessId}`;

export type AccountState =
  | { status: 'none' }
  | {
      status: 'pending' | 'approved';
      business_id: string;
      owner_id: string;
      trial_ends_at: string | null;
      package: ChosenPackage | null;
      plan: Plan | null;
      package_ends_at: string | null;
    };

export const initialAccountState = (): AccountState => ({ status: 'none' });
