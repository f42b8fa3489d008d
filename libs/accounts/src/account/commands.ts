import type { Plan } from '@tabour/contracts';
import type { ChosenPackage, Owner } from './events';

export type AccountCommand =
  | {
      type: 'RegisterBusiness';
      business_id: string;
      name: string;
      email: string;
      phone: string | null;
      country: string | null;
      owner: Owner;
      credential_id: string | null;
      auto_approve: boolean;
      now: Date;
    }
  | { type: 'ApproveBusiness'; business_id: string; now: Date }
  | { type: 'ChangePackage'; business_id: string; package: ChosenPackage; plan: Plan | null; now: Date };
