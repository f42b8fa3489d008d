import { settingsDecider } from '@tabour/platform';
import { DEFAULT_ACCOUNT_SETTINGS, NOTICE_LANGUAGES, type Language } from '@tabour/contracts';
import type { AccountSettingsCommand } from './commands';
import type { AccountSettingsEvent } from './events';
import type { AccountSettingsState } from './state';

// Deliberately loose: the DTO has already checked the shape; this only keeps impossible addresses out.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The platform's settings document with the account's rules: each setting checked, one event of what changed. */
export const accountSettingsDocument = settingsDecider<AccountSettingsState, AccountSettingsCommand, AccountSettingsEvent>({
  defaults: DEFAULT_ACCOUNT_SETTINGS,
  event: 'AccountSettingsUpdated',
  rules: {
    // Empty: back to the registration e-mail.
    contact_email: (given) => {
      const email = typeof given === 'string' ? given.trim().toLowerCase() : given;
      if (email === null || email === '') return { value: null };
      if (typeof email !== 'string' || email.length > 190 || !EMAIL.test(email)) return { error: 'Enter a valid e-mail address' };
      return { value: email };
    },
    notice_language: (given) =>
      NOTICE_LANGUAGES.includes(given as Language) ? { value: given as Language } : { error: `Choose one of: ${NOTICE_LANGUAGES.join(', ')}` },
  },
});

export const decide = accountSettingsDocument.decide;
