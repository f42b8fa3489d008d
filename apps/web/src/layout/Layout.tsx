import type { ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import PersonIcon from '@mui/icons-material/Person';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import HistoryIcon from '@mui/icons-material/History';
import BarChartIcon from '@mui/icons-material/BarChart';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import BusinessIcon from '@mui/icons-material/Business';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import RoomServiceIcon from '@mui/icons-material/RoomService';
import GroupsIcon from '@mui/icons-material/Groups';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import PeopleIcon from '@mui/icons-material/People';
import QueueIcon from '@mui/icons-material/Queue';
import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import StarRateIcon from '@mui/icons-material/StarRate';
import TabletAndroidIcon from '@mui/icons-material/TabletAndroid';
import TvIcon from '@mui/icons-material/Tv';
import TableRowsIcon from '@mui/icons-material/TableRows';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import RuleIcon from '@mui/icons-material/Rule';
import DynamicFormIcon from '@mui/icons-material/DynamicForm';
import PaymentsIcon from '@mui/icons-material/Payments';
import SmsIcon from '@mui/icons-material/Sms';
import TuneIcon from '@mui/icons-material/Tune';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import LabelIcon from '@mui/icons-material/Label';
import GavelIcon from '@mui/icons-material/Gavel';
import PolicyIcon from '@mui/icons-material/Policy';
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import HubIcon from '@mui/icons-material/Hub';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { Link } from 'react-router-dom';
import { AppBar, Layout as RaLayout, LoadingIndicator, Logout, Menu, TitlePortal, useGetIdentity, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { routeAccess } from '../auth/access';
import { readSession, subjectOf } from '../auth/session';
import { LanguageMenu } from './LanguageMenu';
import { ProgressBar } from './ProgressBar';

function ProfileItem() {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem component={Link} to="/profile" onClick={() => menu?.onClose()} data-testid="menu-profile">
      <ListItemIcon>
        <PersonIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.menu.profile')}</ListItemText>
    </MenuItem>
  );
}

function HelpItem() {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem component={Link} to="/help" onClick={() => menu?.onClose()} data-testid="menu-help">
      <ListItemIcon>
        <HelpOutlineIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('account.menu.help')}</ListItemText>
    </MenuItem>
  );
}

/**
 * The user menu's button shows the user's name: its accessible name says what it is and
 * contains that name (WCAG 2.5.3), e.g. "User menu: Amira Admin".
 */
function TabourUserMenu({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const menu = translate('ra.auth.user_menu');
  return <UserMenu label={identity?.fullName ? `${menu}: ${identity.fullName}` : menu}>{children}</UserMenu>;
}

/** react-admin's refresh button and spinner; the spinner (a progressbar) named "Loading" in the interface language. */
function NamedLoadingIndicator() {
  const translate = useTranslate();
  return <LoadingIndicator {...({ 'aria-label': translate('ra.page.loading') } as object)} />;
}

function TabourAppBar({ items }: { items: ReactNode }) {
  return (
    <AppBar
      toolbar={
        <>
          {items}
          <LanguageMenu />
          <NamedLoadingIndicator />
        </>
      }
      userMenu={
        <TabourUserMenu>
          <ProfileItem />
          <HelpItem />
          <Logout />
        </TabourUserMenu>
      }
    >
      {/* Every page's title (react-admin's <Title>) is its one h1. */}
      <TitlePortal component="h1" />
    </AppBar>
  );
}

export const MENU: { path: string; label: string; icon: ReactNode }[] = [
  { path: '/dashboard', label: 'app.menu.dashboard', icon: <DashboardIcon /> },
  { path: '/queues', label: 'app.menu.queues', icon: <QueueIcon /> },
  { path: '/bookings', label: 'bookings.calendar.menu', icon: <EventIcon /> },
  { path: '/bookings/table', label: 'bookings.table.title', icon: <TableRowsIcon /> },
  { path: '/bookings/request', label: 'bookings.requests.title', icon: <PendingActionsIcon /> },
  { path: '/customers', label: 'resources.customers.name', icon: <PeopleIcon /> },
  { path: '/kiosks', label: 'resources.kiosks.name', icon: <TabletAndroidIcon /> },
  { path: '/displays', label: 'resources.displays.name', icon: <TvIcon /> },
  { path: '/feedback', label: 'resources.feedback.name', icon: <StarRateIcon /> },
  { path: '/activity', label: 'app.menu.activity', icon: <HistoryIcon /> },
  { path: '/statistics', label: 'statistics.menu', icon: <BarChartIcon /> },
  { path: '/settings/business', label: 'app.menu.business', icon: <BusinessIcon /> },
  { path: '/settings/departments', label: 'app.menu.departments', icon: <AccountTreeIcon /> },
  { path: '/settings/resources', label: 'app.menu.resources', icon: <MeetingRoomIcon /> },
  { path: '/settings/services', label: 'app.menu.services', icon: <RoomServiceIcon /> },
  { path: '/settings/team', label: 'app.menu.team', icon: <GroupsIcon /> },
  { path: '/settings/holidays', label: 'app.menu.holidays', icon: <EventBusyIcon /> },
  { path: '/settings/note-type', label: 'app.menu.note_types', icon: <StickyNote2Icon /> },
  { path: '/settings/rules', label: 'settings.rules.title', icon: <RuleIcon /> },
  { path: '/settings/forms', label: 'settings.forms.title', icon: <DynamicFormIcon /> },
  { path: '/settings/payment_type', label: 'settings.payment_types.title', icon: <PaymentsIcon /> },
  { path: '/settings/sms', label: 'notifications.menu.sms', icon: <SmsIcon /> },
  { path: '/settings/general', label: 'notifications.menu.general', icon: <TuneIcon /> },
  { path: '/settings/report-settings', label: 'statistics.reports.page_title', icon: <ForwardToInboxIcon /> },
  { path: '/settings/payment', label: 'account.menu.payment', icon: <ReceiptLongIcon /> },
  { path: '/settings/category', label: 'account.menu.category', icon: <LabelIcon /> },
  { path: '/settings/terms', label: 'account.menu.terms', icon: <GavelIcon /> },
  { path: '/settings/policy', label: 'account.menu.policy', icon: <PolicyIcon /> },
  { path: '/settings/activity', label: 'account.menu.activity', icon: <ManageHistoryIcon /> },
  { path: '/settings/membership', label: 'account.menu.membership', icon: <WorkspacePremiumIcon /> },
  { path: '/settings/billing', label: 'account.menu.billing', icon: <RequestQuoteIcon /> },
  { path: '/coupons', label: 'account.menu.coupons', icon: <LocalOfferIcon /> },
  { path: '/settings/integrations', label: 'integrations.menu', icon: <HubIcon /> },
];

/**
 * Only the entries the user's role may open; a feature the package lacks stays listed, and its
 * screen says how to get it.
 */
function TabourMenu() {
  const subject = subjectOf(readSession());
  return (
    <Menu>
      {MENU.filter((m) => ['allowed', 'public', 'upgrade'].includes(routeAccess(m.path, subject))).map((m) => (
        <Menu.Item key={m.path} to={m.path} primaryText={m.label} leftIcon={m.icon} data-testid={`nav-${m.path.slice(1).replace('/', '-')}`} />
      ))}
    </Menu>
  );
}

/**
 * The back-office's layout. `barItems` are the screens' own parts of the app bar (App gives the
 * trial's countdown and the notification bell), so that the layout imports no screen.
 */
export function layoutWith(barItems: ReactNode) {
  const Bar = () => <TabourAppBar items={barItems} />;
  return function Layout({ children }: { children: ReactNode }) {
    return (
      <RaLayout appBar={Bar} menu={TabourMenu}>
        <ProgressBar />
        {children}
      </RaLayout>
    );
  };
}
