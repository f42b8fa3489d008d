import { lazy, type ComponentType } from 'react';
import { LoginPage, NoCaptchaLoginPage, TenantLoginPage } from './LoginPage';

// The login pages are in the first download; the others are fetched when opened.
const RegisterPage = lazy(() => import('./RegisterPage').then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazy(() => import('./PasswordPages').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./PasswordPages').then((m) => ({ default: m.ResetPasswordPage })));
const PrivacyPage = lazy(() => import('./InfoPages').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import('./InfoPages').then((m) => ({ default: m.TermsPage })));

/**
 * The pages a visitor opens before logging in (docs/product.md#sessions), declared once: the
 * visitor's app (PublicApp) routes them without the back-office's code, and the back-office
 * (App) routes the same pages outside its layout. Each is `public` in the access table.
 */
export const VISITOR_ROUTES: readonly { path: string; Page: ComponentType }[] = [
  { path: '/login', Page: LoginPage },
  { path: '/login/no-recaptcha', Page: NoCaptchaLoginPage },
  { path: '/login/tt', Page: TenantLoginPage },
  { path: '/register', Page: RegisterPage },
  { path: '/password/forgot', Page: ForgotPasswordPage },
  { path: '/password/reset', Page: ResetPasswordPage },
  { path: '/privacy', Page: PrivacyPage },
  { path: '/terms', Page: TermsPage },
];

export const VISITOR_PAGES: readonly string[] = VISITOR_ROUTES.map((r) => r.path);

export const isVisitorPage = (pathname: string) => VISITOR_PAGES.includes(pathname.replace(/\/+$/, '') || '/');
