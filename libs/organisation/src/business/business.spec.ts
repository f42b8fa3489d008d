import { specification } from '@tabour/eventstore/testing';
import { businessDecider, BusinessEvent } from '.';
import { WEEKDAYS } from '../shared';

const B = '11111111-1111-4111-8111-111111111111';
const spec = specification(businessDecider);

describe('business settings', () => {
  it('records only the fields that change', () => {
    const history: BusinessEvent[] = [{ type: 'BusinessInformationUpdated', data: { business_id: B, changes: { name: 'Clinic', city: 'Tunis' } } }];
    spec
      .given(history)
      .when({ type: 'UpdateBusinessInformation', business_id: B, changes: { name: 'Clinic', city: 'Sfax', time_zone: 'Africa/Tunis' } })
      .then([{ type: 'BusinessInformationUpdated', data: { business_id: B, changes: { city: 'Sfax', time_zone: 'Africa/Tunis' } } }]);
  });

  it('decides nothing when nothing changes', () => {
    const history: BusinessEvent[] = [{ type: 'BusinessLocationUpdated', data: { business_id: B, lat: 36.8, lng: 10.18 } }];
    spec.given(history).when({ type: 'UpdateBusinessLocation', business_id: B, lat: 36.8, lng: 10.18 }).thenNothingHappens();
  });

  it('records a new logo beside the information', () => {
    spec
      .given([])
      .when({ type: 'UpdateBusinessInformation', business_id: B, changes: {}, logo: 'abc.png' })
      .then([{ type: 'BusinessLogoChanged', data: { business_id: B, logo: 'abc.png' } }]);
  });

  it.each([
    ['time_zone', { time_zone: 'Mars/Olympus' }],
    ['country', { country: 'XX' }],
    ['industry', { industry: 'piracy' }],
    ['booking_days_limit', { booking_days_limit: -1 }],
    ['sms_sender_name', { sms_sender_name: 'A sender far too long' }],
    ['name', { name: '  ' }],
  ])('refuses an invalid %s with a 422 naming the field', (field, changes) => {
    const error = spec
      .given([])
      .when({ type: 'UpdateBusinessInformation', business_id: B, changes: changes as never })
      .thenRefuses({ status: 422 });
    expect(Object.keys(error.errors ?? {})).toEqual([field]);
  });

  it('refuses a latitude out of range', () => {
    const error = spec.given([]).when({ type: 'UpdateBusinessLocation', business_id: B, lat: 91, lng: 0 }).thenRefuses({ status: 422 });
    expect(error.errors).toEqual({ lat: ['The latitude must be from -90 to 90'] });
  });

  it('stores working days in week order', () => {
    const days = [...WEEKDAYS].reverse().map((day) => ({ day, open: day === 'monday', ranges: day === 'monday' ? [{ from: '08:00', to: '17:00' }] : [] }));
    spec
      .given([])
      .when({ type: 'UpdateBusinessWorkingDays', business_id: B, working_days: days })
      .then(([event]) => {
        const data = (event as Extract<BusinessEvent, { type: 'BusinessWorkingDaysUpdated' }>).data;
        expect(data.working_days[0]).toEqual({ day: 'monday', open: true, ranges: [{ from: '08:00', to: '17:00' }] });
      });
  });

  it('merges translations per language and refuses an unknown language', () => {
    const history: BusinessEvent[] = [
      { type: 'BusinessTranslationsUpdated', data: { business_id: B, translations: { fr: { name: 'Clinique', description: null } } } },
    ];
    const g = spec.given(history);
    g.when({ type: 'UpdateBusinessTranslations', business_id: B, translations: { fr: { name: 'Clinique', description: null } } }).thenNothingHappens();
    g.when({ type: 'UpdateBusinessTranslations', business_id: B, translations: { ar: { name: 'عيادة' } } }).then((events) => expect(events).toHaveLength(1));
    g.when({ type: 'UpdateBusinessTranslations', business_id: B, translations: { xx: { name: 'x' } } as never }).thenRefuses({ status: 422 });
  });
});
