import type { InlineProjection } from '@tabour/eventstore';
import { businessProfileProjection } from './business-profiles';
import { categoryProjection } from './categories';
import { departmentProjection } from './departments';
import { holidayProjection } from './holidays';
import { legalProjection } from './legal-texts';
import { serviceProjection } from './services';
import { teamProjection } from './team-members';

export { businessProfileProjection, categoryProjection, departmentProjection, holidayProjection, legalProjection, serviceProjection, teamProjection };

/** Each reads nothing but its events, so any one can be rebuilt alone. The settings screens' categories and legal texts are registered beside them. */
export const ORGANISATION_PROJECTIONS: readonly InlineProjection[] = [
  businessProfileProjection,
  serviceProjection,
  departmentProjection,
  teamProjection,
  holidayProjection,
];
