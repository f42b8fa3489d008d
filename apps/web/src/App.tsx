import { lazy, Suspense, type ReactNode } from 'react';
import { Admin, CustomRoutes, I18nProvider, Loading, localStorageStore, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './data/authProvider';
import { readSession } from './auth/session';
import { Guarded, guardResource } from './components/Guarded';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './data/dataProvider';
import { layoutWith } from './layout/Layout';
import { NotificationBell } from './notifications';
import { TrialCountdown } from './settings/membership';
import { Toasts } from './layout/Toasts';
import { Profile } from './profile/Profile';
import { AccessDeniedPage, CatchAll, NotFoundInApp, NotFoundPage, PrivacyPage, RootRedirect, TermsPage } from './public/InfoPages';
import { LoginPage, NoCaptchaLoginPage, TenantLoginPage } from './public/LoginPage';
import { ForgotPasswordPage, ResetPasswordPage } from './public/PasswordPages';
import { RegisterPage } from './public/RegisterPage';
import customers from './customers';
import { displays, kiosks } from './devices';
import feedback from './feedback';
import queues, { queueRoutes } from './queues';
import noteTypes from './settings/note-types';
import departments from './settings/departments';
import resources from './settings/resources';
import holidays from './settings/holidays';
import services from './settings/services';
import team from './settings/team';
import rules from './settings/rules';
import formFields from './settings/forms';
import categories from './settings/category';
import bookingTable from './bookings/table';
import bookingRequests from './bookings/requests';
import { themeFor } from './i18n/theme';

const store = localStorageStore('1', 'Tabour');
const Layout = layoutWith(
  <>
    <TrialCountdown />
    <NotificationBell />
  </>,
);

// Screens with their own heavy parts (drag and drop, time zone lists, the event log) load on first visit.
const BusinessSettings = lazy(() => import('./settings/business/BusinessSettings').then((m) => ({ default: m.BusinessSettings })));
const ServiceReorder = lazy(() => import('./settings/services/ServiceReorder').then((m) => ({ default: m.ServiceReorder })));
const ActivityList = lazy(() => import('./activity/Activity').then((m) => ({ default: m.ActivityList })));
const later = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;
const LazyActivity = () => later(<ActivityList />);
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

/** A logged-in user keeps the app's menu on the error page; a visitor sees the public one. */
const ErrorPage = () =>
  readSession() ? (
    <Layout>
      <NotFoundInApp />
    </Layout>
  ) : (
    <NotFoundPage />
  );

const DENIED_IN_LAYOUT = (
  <Layout>
    <AccessDeniedPage />
  </Layout>
);

/** Every resource's pages behind the route guard, wrapped once so that they are not remounted on render. */
const RESOURCES = {
  departments: guardResource(departments),
  resources: guardResource(resources),
  services: guardResource(services),
  team: guardResource(team),
  holidays: guardResource(holidays),
  customers: guardResource(customers),
  queues: guardResource(queues),
  noteTypes: guardResource(noteTypes),
  kiosks: guardResource(kiosks),
  displays: guardResource(displays),
  feedback: guardResource(feedback),
  bookingTable: guardResource(bookingTable),
  bookingRequests: guardResource(bookingRequests),
  rules: guardResource(rules),
  formFields: guardResource(formFields),
  activity: guardResource({ list: LazyActivity }),
  categories: guardResource(categories),
};

export function App({ i18nProvider, dir }: { i18nProvider: I18nProvider; dir: 'rtl' | 'ltr' }) {
  return (
    <Admin
      title="Tabour"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      layout={Layout}
      loginPage={LoginPage}
      dashboard={RootRedirect}
      catchAll={CatchAll}
      accessDenied={AccessDeniedPage}
      notification={Toasts}
      theme={themeFor(dir)}
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="/login/no-recaptcha" element={<NoCaptchaLoginPage />} />
        <Route path="/login/tt" element={<TenantLoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/password/forgot" element={<ForgotPasswordPage />} />
        <Route path="/password/reset" element={<ResetPasswordPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/error404" element={<ErrorPage />} />
        <Route path="/t/:uid" element={later(<TicketPage />)} />
        <Route path="/f/:uid" element={later(<FeedbackPage />)} />
        <Route path="/kiosk/login" element={later(<KioskLoginPage />)} />
        <Route path="/kiosk/checkin" element={later(<KioskCheckinPage />)} />
        <Route path="/display/login" element={later(<DisplayLoginPage />)} />
        <Route path="/display" element={later(<DisplayScreenPage />)} />
        <Route
          path="/queues/:id/display"
          element={
            <Guarded path="/queues/:id/display" denied={DENIED_IN_LAYOUT}>
              {later(<QueueBoardPage />)}
            </Guarded>
          }
        />
      </CustomRoutes>
      <CustomRoutes>
        <Route
          path="/dashboard"
          element={
            <Guarded path="/dashboard">
              <Dashboard />
            </Guarded>
          }
        />
        <Route
          path="/profile"
          element={
            <Guarded path="/profile">
              <Profile />
            </Guarded>
          }
        />
        <Route path="/settings/business" element={<Guarded path="/settings/business">{later(<BusinessSettings />)}</Guarded>} />
        <Route path="/settings/services/reorder" element={<Guarded path="/settings/services">{later(<ServiceReorder />)}</Guarded>} />
        <Route path="/bookings" element={<Guarded path="/bookings">{later(<BookingCalendar />)}</Guarded>} />
        <Route path="/bookings/availability" element={<Guarded path="/bookings/availability">{later(<BookingAvailability />)}</Guarded>} />
        <Route path="/settings/payment_type" element={<Guarded path="/settings/payment_type">{later(<PaymentTypesPage />)}</Guarded>} />
        <Route path="/settings/sms" element={<Guarded path="/settings/sms">{later(<SmsSettingsPage />)}</Guarded>} />
        <Route path="/settings/general" element={<Guarded path="/settings/general">{later(<GeneralSettingsPage />)}</Guarded>} />
        <Route path="/settings/payment" element={<Guarded path="/settings/payment">{later(<PaymentSettingsPage />)}</Guarded>} />
        <Route path="/settings/terms" element={<Guarded path="/settings/terms">{later(<TermsSettingsPage />)}</Guarded>} />
        <Route path="/settings/policy" element={<Guarded path="/settings/policy">{later(<PolicySettingsPage />)}</Guarded>} />
        <Route path="/settings/activity" element={<Guarded path="/settings/activity">{later(<ActivityList />)}</Guarded>} />
        <Route path="/help" element={<Guarded path="/help">{later(<HelpPage />)}</Guarded>} />
        <Route path="/settings/membership" element={<Guarded path="/settings/membership">{later(<MembershipPage />)}</Guarded>} />
        <Route path="/settings/billing" element={<Guarded path="/settings/billing">{later(<BillingPage />)}</Guarded>} />
        <Route path="/coupons" element={<Guarded path="/coupons">{later(<CouponsPage />)}</Guarded>} />
        <Route path="/settings/integrations" element={<Guarded path="/settings/integrations">{later(<IntegrationsPage />)}</Guarded>} />
        <Route path="/statistics" element={<Guarded path="/statistics">{later(<StatisticsPage />)}</Guarded>} />
        <Route path="/settings/report-settings" element={<Guarded path="/settings/report-settings">{later(<ReportSettingsPage />)}</Guarded>} />
      </CustomRoutes>
      <Resource name="settings/departments" {...RESOURCES.departments} />
      <Resource name="settings/resources" {...RESOURCES.resources} />
      <Resource name="settings/services" {...RESOURCES.services} />
      <Resource name="settings/team" {...RESOURCES.team} />
      <Resource name="settings/holidays" {...RESOURCES.holidays} />
      <Resource name="customers" {...RESOURCES.customers} />
      <Resource name="queues" {...RESOURCES.queues}>
        {queueRoutes}
      </Resource>
      <Resource name="settings/note-type" {...RESOURCES.noteTypes} />
      <Resource name="activity" {...RESOURCES.activity} />
      <Resource name="kiosks" {...RESOURCES.kiosks} />
      <Resource name="displays" {...RESOURCES.displays} />
      <Resource name="feedback" {...RESOURCES.feedback} />
      <Resource name="bookings/table" {...RESOURCES.bookingTable} />
      <Resource name="bookings/request" {...RESOURCES.bookingRequests} />
      <Resource name="settings/rules" {...RESOURCES.rules} />
      <Resource name="settings/forms" {...RESOURCES.formFields} />
      <Resource name="settings/category" {...RESOURCES.categories} />
    </Admin>
  );
}
