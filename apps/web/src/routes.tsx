import { lazy, Suspense, type ReactNode } from 'react';
import { Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { ruleOf, type ScreenRule } from './auth/access';
import { Guarded } from './components/Guarded';
import { Dashboard } from './dashboard/Dashboard';
import { Profile } from './profile/Profile';
import { AccessDeniedPage, NotFoundInApp, NotFoundPage } from './public/InfoPages';
import { VISITOR_ROUTES } from './public/routes';
import { QUEUE_PAGES } from './queues';
import { readSession } from './auth/session';

// Screens with their own heavy parts (drag and drop, time zone lists, the event log) load on first visit.
const BusinessSettings = lazy(() => import('./settings/business/BusinessSettings').then((m) => ({ default: m.BusinessSettings })));
const ServiceReorder = lazy(() => import('./settings/services/ServiceReorder').then((m) => ({ default: m.ServiceReorder })));
export const ActivityList = lazy(() => import('./activity/Activity').then((m) => ({ default: m.ActivityList })));
const SmsSettingsPage = lazy(() => import('./settings/sms').then((m) => ({ default: m.SmsSettingsPage })));
const GeneralSettingsPage = lazy(() => import('./settings/general').then((m) => ({ default: m.GeneralSettingsPage })));
const PaymentTypesPage = lazy(() => import('./settings/payment-types/PaymentTypes').then((m) => ({ default: m.PaymentTypesPage })));
// The account settings that remain: payments, terms and policy, help.
const PaymentSettingsPage = lazy(() => import('./settings/account/PaymentPage').then((m) => ({ default: m.PaymentSettingsPage })));
const TermsSettingsPage = lazy(() => import('./settings/account/LegalPage').then((m) => ({ default: m.TermsSettingsPage })));
const PolicySettingsPage = lazy(() => import('./settings/account/LegalPage').then((m) => ({ default: m.PolicySettingsPage })));
const HelpPage = lazy(() => import('./settings/account/HelpPage').then((m) => ({ default: m.HelpPage })));
const MembershipPage = lazy(() => import('./settings/membership/MembershipPage').then((m) => ({ default: m.MembershipPage })));
const BillingPage = lazy(() => import('./settings/membership/BillingPage').then((m) => ({ default: m.BillingPage })));
const CouponsPage = lazy(() => import('./settings/membership/CouponsPage').then((m) => ({ default: m.CouponsPage })));
const IntegrationsPage = lazy(() => import('./settings/integrations'));
// The statistics carry the chart library: loaded on the first visit.
const StatisticsPage = lazy(() => import('./statistics/Statistics'));
const ReportSettingsPage = lazy(() => import('./statistics/ReportSettings'));
// The customers' and the devices' pages (kiosk, display screen, ticket link) are apart from the back-office.
const KioskLoginPage = lazy(() => import('./kiosk/KioskLogin').then((m) => ({ default: m.KioskLoginPage })));
const KioskCheckinPage = lazy(() => import('./kiosk/KioskCheckin').then((m) => ({ default: m.KioskCheckinPage })));
const DisplayLoginPage = lazy(() => import('./display/DisplayPages').then((m) => ({ default: m.DisplayLoginPage })));
const DisplayScreenPage = lazy(() => import('./display/DisplayPages').then((m) => ({ default: m.DisplayScreenPage })));
const QueueBoardPage = lazy(() => import('./display/DisplayPages').then((m) => ({ default: m.QueueBoardPage })));
const TicketPage = lazy(() => import('./ticket/TicketPage').then((m) => ({ default: m.TicketPage })));
const FeedbackPage = lazy(() => import('./ticket/TicketPage').then((m) => ({ default: m.FeedbackPage })));
// The appointment book carries FullCalendar: loaded on the first visit of a bookings screen.
const BookingCalendar = lazy(() => import('./bookings/Calendar'));
const BookingAvailability = lazy(() => import('./bookings/AvailabilityPage'));

export const later = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

/**
 * A page of the back-office's own routes. `path` is its address, and the access table's rule for
 * it (auth/access.ts, the contract's) is its guard: a `public` page is routed as it is, any other
 * behind `<Guarded>` for that same path. `layout: false` puts it outside the app's layout (with
 * `denied` as its refusal, which must still offer the menu); `resource` routes it under that
 * resource's pages (its path then starts with `/<resource>/`), which its react-admin screens need.
 */
export interface PageRoute {
  path: string;
  element: ReactNode;
  layout?: false;
  denied?: ReactNode;
  resource?: string;
}

/** A logged-in user keeps the app's menu on the error page; a visitor sees the public one. */
const errorPage = (Layout: (p: { children: ReactNode }) => ReactNode) => () =>
  readSession() ? (
    <Layout>
      <NotFoundInApp />
    </Layout>
  ) : (
    <NotFoundPage />
  );

/** The back-office's custom pages (the resources' lists and forms are App's `<Resource>`s). */
export function pageRoutes(Layout: (p: { children: ReactNode }) => ReactNode): PageRoute[] {
  const ErrorPage = errorPage(Layout);
  const deniedInLayout = (
    <Layout>
      <AccessDeniedPage />
    </Layout>
  );
  return [
    // The visitor's pages; /login itself is react-admin's login page (App's loginPage).
    ...VISITOR_ROUTES.filter((r) => r.path !== '/login').map(({ path, Page }): PageRoute => ({ path, element: <Page />, layout: false })),
    { path: '/error404', element: <ErrorPage />, layout: false },
    { path: '/t/:uid', element: <TicketPage />, layout: false },
    { path: '/f/:uid', element: <FeedbackPage />, layout: false },
    { path: '/kiosk/login', element: <KioskLoginPage />, layout: false },
    { path: '/kiosk/checkin', element: <KioskCheckinPage />, layout: false },
    { path: '/display/login', element: <DisplayLoginPage />, layout: false },
    { path: '/display', element: <DisplayScreenPage />, layout: false },
    { path: '/queues/:id/display', element: <QueueBoardPage />, layout: false, denied: deniedInLayout },
    { path: '/dashboard', element: <Dashboard /> },
    { path: '/profile', element: <Profile /> },
    { path: '/settings/business', element: <BusinessSettings /> },
    { path: '/settings/services/reorder', element: <ServiceReorder /> },
    { path: '/bookings', element: <BookingCalendar /> },
    { path: '/bookings/availability', element: <BookingAvailability /> },
    { path: '/settings/payment_type', element: <PaymentTypesPage /> },
    { path: '/settings/sms', element: <SmsSettingsPage /> },
    { path: '/settings/general', element: <GeneralSettingsPage /> },
    { path: '/settings/payment', element: <PaymentSettingsPage /> },
    { path: '/settings/terms', element: <TermsSettingsPage /> },
    { path: '/settings/policy', element: <PolicySettingsPage /> },
    { path: '/settings/activity', element: <ActivityList /> },
    { path: '/help', element: <HelpPage /> },
    { path: '/settings/membership', element: <MembershipPage /> },
    { path: '/settings/billing', element: <BillingPage /> },
    { path: '/coupons', element: <CouponsPage /> },
    { path: '/settings/integrations', element: <IntegrationsPage /> },
    { path: '/statistics', element: <StatisticsPage /> },
    { path: '/settings/report-settings', element: <ReportSettingsPage /> },
    ...QUEUE_PAGES.map(({ path, Page }): PageRoute => ({ path, element: <Page />, resource: 'queues' })),
  ];
}

/** The access table's rule for a route (`/queues/:id/edit/*` is judged as `/queues/:id/edit`). */
export const accessOf = (path: string): ScreenRule | null => ruleOf(path.replace(/\/\*$/, ''));

/** A route's element behind its guard, from the access table. */
function guarded({ path, element, denied }: PageRoute): ReactNode {
  if (accessOf(path) === 'public') return later(element);
  return (
    <Guarded path={path.replace(/\/\*$/, '')} denied={denied}>
      {later(element)}
    </Guarded>
  );
}

/** The `<Route>`s of some of the routes; a resource's are relative to it. */
export const routeElements = (routes: PageRoute[]) =>
  routes.map((r) => <Route key={r.path} path={r.resource ? r.path.slice(r.resource.length + 2) : r.path} element={guarded(r)} />);
