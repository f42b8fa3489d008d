import type { BookingSettingsEvent } from './events';
import type { BookingSettingsState } from './state';

export const evolve = (state: BookingSettingsState, event: BookingSettingsEvent): BookingSettingsState => ({ ...state, ...event.data.changes });
