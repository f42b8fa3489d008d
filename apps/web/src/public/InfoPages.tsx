import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import { routeAccess } from '../auth/access';
import { Title, useTranslate } from 'react-admin';
import { readSession } from '../auth/session';
import { PublicShell } from './PublicShell';

function TextPage({ title, body }: { title: string; body: string }) {
  const translate = useTranslate();
  return (
    <PublicShell title={title} wide>
      <Typography sx={{ mb: 2 }}>{translate(body)}</Typography>
      <Button component={RouterLink} to="/login">
        {translate('app.auth.back_to_login')}
      </Button>
    </PublicShell>
  );
}

export const PrivacyPage = () => <TextPage title="app.pages.privacy_title" body="app.pages.privacy_body" />;
export const TermsPage = () => <TextPage title="app.pages.terms_title" body="app.pages.terms_body" />;

export function NotFoundPage() {
  const translate = useTranslate();
  return (
    <PublicShell title="app.pages.not_found_title">
      <Typography sx={{ mb: 2 }} data-testid="not-found">
        {translate('app.pages.not_found_body')}
      </Typography>
      <Button component={RouterLink} to={readSession() ? '/dashboard' : '/login'} variant="contained">
        {translate('app.pages.go_home')}
      </Button>
    </PublicShell>
  );
}

/** The 404 page inside the app's layout, for a logged-in user who keeps the menu as a way back. */
export function NotFoundInApp() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 4 }}>
      <Title title="app.pages.not_found_title" />
      <Typography variant="h4" component="h2" gutterBottom>
        {translate('app.pages.not_found_title')}
      </Typography>
      <Typography sx={{ mb: 2 }} data-testid="not-found">
        {translate('app.pages.not_found_body')}
      </Typography>
      <Button component={RouterLink} to="/dashboard" variant="contained">
        {translate('app.pages.go_home')}
      </Button>
    </Box>
  );
}

/**
 * Any unknown path goes to the 404 page (docs/product.md#route-behaviour); a protected route this installation does not
 * offer sends a visitor without a session to /login at once, as the offered ones do.
 */
export function CatchAll() {
  const { pathname } = useLocation();
  if (!readSession() && routeAccess(pathname, null) === 'login') return <Navigate to="/login" replace />;
  return <Navigate to="/error404" replace />;
}

export { AccessDeniedPage } from '../components/AccessDeniedPage';

/** `/`: the dashboard when logged in; react-admin sends a logged-out visitor to /login first. */
export const RootRedirect = () => <Navigate to={readSession() ? '/dashboard' : '/login'} replace />;
