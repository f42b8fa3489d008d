import { Admin, CustomRoutes, I18nProvider, localStorageStore, Resource } from 'react-admin';
import { authProvider } from './data/authProvider';
import { guardResource } from './components/Guarded';
import { dataProvider } from './data/dataProvider';
import { layoutWith } from './layout/Layout';
import { NotificationBell } from './notifications';
import { TrialCountdown } from './settings/membership';
import { Toasts } from './layout/Toasts';
import { AccessDeniedPage, CatchAll, RootRedirect } from './public/InfoPages';
import { LoginPage } from './public/LoginPage';
import { ActivityList, later, pageRoutes, routeElements } from './routes';
import customers from './customers';
import { displays, kiosks } from './devices';
import feedback from './feedback';
import queues from './queues';
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

const ROUTES = pageRoutes(Layout);
const LazyActivity = () => later(<ActivityList />);

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
      <CustomRoutes noLayout>{routeElements(ROUTES.filter((r) => r.layout === false))}</CustomRoutes>
      <CustomRoutes>{routeElements(ROUTES.filter((r) => r.layout !== false && !r.resource))}</CustomRoutes>
      <Resource name="settings/departments" {...RESOURCES.departments} />
      <Resource name="settings/resources" {...RESOURCES.resources} />
      <Resource name="settings/services" {...RESOURCES.services} />
      <Resource name="settings/team" {...RESOURCES.team} />
      <Resource name="settings/holidays" {...RESOURCES.holidays} />
      <Resource name="customers" {...RESOURCES.customers} />
      <Resource name="queues" {...RESOURCES.queues}>
        {routeElements(ROUTES.filter((r) => r.resource === 'queues'))}
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
