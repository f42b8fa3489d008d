import type { BusinessEvent, BusinessRegisteredOrigin } from './events';
import type { BusinessState } from './state';

export function evolve(state: BusinessState, event: BusinessEvent | BusinessRegisteredOrigin): BusinessState {
  switch (event.type) {
    case 'BusinessRegistered': {
      const { name, email, phone, country } = event.data;
      return { ...state, info: { ...state.info, name, email: email ?? null, phone: phone ?? null, country: country ?? null } };
    }
    case 'BusinessInformationUpdated':
      return { ...state, info: { ...state.info, ...event.data.changes } };
    case 'BusinessLogoChanged':
      return { ...state, logo: event.data.logo };
    case 'BusinessLocationUpdated':
      return { ...state, location: { lat: event.data.lat, lng: event.data.lng } };
    case 'BusinessWorkingDaysUpdated':
      return { ...state, working_days: event.data.working_days };
    case 'BusinessTranslationsUpdated':
      return { ...state, translations: { ...state.translations, ...event.data.translations } };
    default:
      return state;
  }
}
