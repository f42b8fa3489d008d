/**
 * A visitor's calls before logging in (login, register, forgotten password), made without a
 * token. Kept apart from the back-office's account calls: the login page's first download holds
 * this module.
 */
import type { Captcha, LoginConfig } from '@tabour/contracts';
import { api } from './http';

const anonymous = { anonymous: true } as const;

export const loginConfig = () => api<LoginConfig>('/business/account/login-config', anonymous);
export const newCaptcha = () => api<Captcha>('/business/account/captcha', anonymous);
export const requestPasswordReset = (email: string) => api('/business/account/password/reset', { method: 'POST', ...anonymous, body: { email } });
export const resetPassword = (body: unknown) => api('/business/account/password/reset/update', { method: 'POST', ...anonymous, body });
export const register = (body: unknown) => api('/business/account/register', { method: 'POST', ...anonymous, body });
/** The countries named in a language, for the registration form (a list answer). */
export const countriesIn = (locale: string) => api(`/business/countries?lang=${encodeURIComponent(locale)}`);
