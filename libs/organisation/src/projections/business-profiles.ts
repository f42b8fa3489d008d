import { handlerProjection, updateBusinessRow } from '@tabour/eventstore';
import { registeredContact } from '@tabour/platform';
import type { BusinessEvent } from '../business';
import type { OrganisationTables } from '../tables';
import type { BusinessRegisteredEvent } from '../team';
import { json, mergedTranslations, stamps } from './rows';

/** Business profile rows: created by the accounts context's registration, then edited here. */
export const businessProfileProjection = handlerProjection<BusinessEvent | BusinessRegisteredEvent, OrganisationTables>(
  'organisation.business_profiles',
  ['business_profiles'],
  {
    BusinessRegistered: (db, e) =>
      db
        .insertInto('business_profiles')
        .values({ ...registeredContact(e.data), translations: '{}', working_days: null, ...stamps(e.recordedAt) })
        .onConflict((oc) => oc.column('tenant_id').doNothing())
        .execute(),
    BusinessInformationUpdated: (db, e) => updateBusinessRow(db, 'business_profiles', e.data.business_id, { ...e.data.changes, updated_at: e.recordedAt }),
    BusinessLogoChanged: (db, e) => updateBusinessRow(db, 'business_profiles', e.data.business_id, { logo: e.data.logo, updated_at: e.recordedAt }),
    BusinessLocationUpdated: (db, e) =>
      updateBusinessRow(db, 'business_profiles', e.data.business_id, { lat: e.data.lat, lng: e.data.lng, updated_at: e.recordedAt }),
    BusinessWorkingDaysUpdated: (db, e) =>
      updateBusinessRow(db, 'business_profiles', e.data.business_id, { working_days: json(e.data.working_days), updated_at: e.recordedAt }),
    BusinessTranslationsUpdated: (db, e) =>
      updateBusinessRow(db, 'business_profiles', e.data.business_id, { translations: mergedTranslations(e.data.translations), updated_at: e.recordedAt }),
  },
);
