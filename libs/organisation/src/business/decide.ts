import { isValid as isCountry } from 'i18n-iso-countries';
import { addError, checkTranslations, checkWorkingDays, type FieldErrors, isTimeZone, sameJson, throwIfAny } from '../shared';
import type { BusinessCommand, BusinessInfo } from './commands';
import type { BusinessEvent, BusinessRegisteredOrigin } from './events';
import { INDUSTRY_IDS } from './industries';
import type { BusinessState } from './state';

const TEXT_LIMITS: Partial<Record<keyof BusinessInfo, number>> = {
  name: 150,
  city: 100,
  address: 255,
  postal_code: 20,
  phone: 30,
  email: 255,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkInfo(changes: Partial<BusinessInfo>, errors: FieldErrors): Partial<BusinessInfo> {
  const out: Partial<BusinessInfo> = {};
  for (const [key, raw] of Object.entries(changes) as [keyof BusinessInfo, unknown][]) {
    if (raw === undefined) continue;
    const limit = TEXT_LIMITS[key];
    if (limit !== undefined) {
      const v = raw === null ? null : String(raw).trim();
      if (key === 'name' && !v) addError(errors, key, 'The name is required');
      else if (v && v.length > limit) addError(errors, key, `The ${key.replace('_', ' ')} may have at most ${limit} characters`);
      else if (key === 'email' && v && !EMAIL.test(v)) addError(errors, key, 'Enter a valid email');
      (out as Record<string, unknown>)[key] = v || null;
      continue;
    }
    switch (key) {
      case 'industry':
        if (raw !== null && !INDUSTRY_IDS.includes(String(raw))) addError(errors, key, 'Select a valid industry');
        out.industry = raw === null ? null : String(raw);
        break;
      case 'country':
        if (raw !== null && !(typeof raw === 'string' && /^[A-Z]{2}$/.test(raw) && isCountry(raw))) addError(errors, key, 'Select a valid country');
        out.country = raw === null ? null : String(raw);
        break;
      case 'sms_sender_name':
        // Alphanumeric sender ids are limited to 11 characters by the SMS networks.
        if (raw !== null && !/^[A-Za-z0-9 ]{1,11}$/.test(String(raw))) addError(errors, key, 'The SMS sender name must be 1 to 11 letters or digits');
        out.sms_sender_name = raw === null ? null : String(raw);
        break;
      case 'slot_minutes':
        if (!Number.isInteger(raw) || (raw as number) < 1 || (raw as number) > 1440) addError(errors, key, 'The slot length must be from 1 to 1440 minutes');
        out.slot_minutes = raw as number;
        break;
      case 'booking_days_limit':
        if (!Number.isInteger(raw) || (raw as number) < 0 || (raw as number) > 3650) addError(errors, key, 'Number of days is invalid');
        out.booking_days_limit = raw as number;
        break;
      case 'booking_confirmation':
      case 'published':
        if (typeof raw !== 'boolean') addError(errors, key, `${key} must be true or false`);
        out[key] = raw as boolean;
        break;
      case 'time_zone':
        if (!isTimeZone(raw)) addError(errors, key, 'Select a valid time zone');
        out.time_zone = raw as string;
        break;
      default:
        addError(errors, key, 'Unknown field');
    }
  }
  return out;
}

function changed<T extends object>(current: Partial<T>, next: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(next) as [keyof T, T[keyof T]][]) {
    if (!sameJson(current[k], v)) out[k] = v;
  }
  return out;
}

export function decide(command: BusinessCommand, state: BusinessState): (BusinessEvent | BusinessRegisteredOrigin)[] {
  const errors: FieldErrors = {};
  const id = command.business_id;
  switch (command.type) {
    case 'UpdateBusinessInformation': {
      const info = checkInfo(command.changes, errors);
      throwIfAny(errors);
      const diff = changed(state.info, info);
      const events: (BusinessEvent | BusinessRegisteredOrigin)[] = [];
      if (Object.keys(diff).length) events.push({ type: 'BusinessInformationUpdated', data: { business_id: id, changes: diff } });
      if (command.logo && command.logo !== state.logo) events.push({ type: 'BusinessLogoChanged', data: { business_id: id, logo: command.logo } });
      return events;
    }
    case 'UpdateBusinessLocation': {
      const { lat, lng } = command;
      if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90) addError(errors, 'lat', 'The latitude must be from -90 to 90');
      if (typeof lng !== 'number' || !Number.isFinite(lng) || lng < -180 || lng > 180) addError(errors, 'lng', 'The longitude must be from -180 to 180');
      throwIfAny(errors);
      if (state.location?.lat === lat && state.location?.lng === lng) return [];
      return [{ type: 'BusinessLocationUpdated', data: { business_id: id, lat, lng } }];
    }
    case 'UpdateBusinessWorkingDays': {
      const days = checkWorkingDays(command.working_days, errors);
      throwIfAny(errors);
      if (sameJson(days, state.working_days)) return [];
      return [{ type: 'BusinessWorkingDaysUpdated', data: { business_id: id, working_days: days } }];
    }
    case 'UpdateBusinessTranslations': {
      const translations = checkTranslations(command.translations, errors);
      throwIfAny(errors);
      const merged = { ...state.translations, ...translations };
      if (sameJson(merged, state.translations)) return [];
      return [{ type: 'BusinessTranslationsUpdated', data: { business_id: id, translations } }];
    }
  }
}
