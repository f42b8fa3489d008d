import { Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import RoomServiceIcon from '@mui/icons-material/RoomService';
import GroupsIcon from '@mui/icons-material/Groups';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { mayOpen } from '../auth/access';
import { readSession, subjectOf } from '../auth/session';
// The figures carry the chart library: loaded only for the roles that read statistics (a lazy component).
import { HomeFigures } from '../statistics';

const LATER_KEY = 'tabour.onboarding.later';

const STEPS = [
  { path: '/settings/business', label: 'app.dashboard.step_business', icon: <BusinessIcon fontSize="large" color="primary" /> },
  { path: '/settings/departments', label: 'app.dashboard.step_departments', icon: <AccountTreeIcon fontSize="large" color="primary" /> },
  { path: '/settings/services', label: 'app.dashboard.step_services', icon: <RoomServiceIcon fontSize="large" color="primary" /> },
  { path: '/settings/team', label: 'app.dashboard.step_team', icon: <GroupsIcon fontSize="large" color="primary" /> },
];

/** The onboarding welcome: a quick account setup, or "later" (remembered per user). */
export function Dashboard() {
  const translate = useTranslate();
  const session = readSession();
  const laterKey = `${LATER_KEY}.${session?.user.id ?? ''}`;
  const [later, setLater] = useState(() => localStorage.getItem(laterKey) === '1');
  const subject = subjectOf(session);
  const steps = STEPS.filter((s) => mayOpen(s.path, subject));
  const name = session ? session.user.first_name || session.user.email : '';
  return (
    <div data-testid="dashboard">
      <Title title="app.menu.dashboard" />
      <Typography variant="h4" sx={{ mt: 2, mb: 1 }}>
        {translate('app.dashboard.welcome', { name })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.dashboard.hello', { name, business: session?.business.name ?? '' })}
      </Typography>
      {later || steps.length === 0 ? (
        steps.length > 0 && (
          <Button
            onClick={() => {
              localStorage.removeItem(laterKey);
              setLater(false);
            }}
          >
            {translate('app.dashboard.resume')}
          </Button>
        )
      ) : (
        <Card data-testid="onboarding">
          <CardContent>
            <Typography variant="h6">{translate('app.dashboard.quick_setup')}</Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {translate('app.dashboard.intro')}
            </Typography>
            <Grid container spacing={2}>
              {steps.map((s, i) => (
                <Grid key={s.path} size={{ xs: 12, sm: 6, md: 3 }}>
                  <Button component={RouterLink} to={s.path} variant="outlined" fullWidth sx={{ py: 2, flexDirection: 'column', gap: 1 }}>
                    {s.icon}
                    <span>
                      {i + 1}. {translate(s.label)}
                    </span>
                  </Button>
                </Grid>
              ))}
            </Grid>
          </CardContent>
          <CardActions>
            <Button
              onClick={() => {
                localStorage.setItem(laterKey, '1');
                setLater(true);
              }}
              data-testid="onboarding-later"
            >
              {translate('app.dashboard.later')}
            </Button>
          </CardActions>
        </Card>
      )}
      {/* The statistics calls are ADMIN and MANAGER ones: another role's 403 would end its session. */}
      {mayOpen('/statistics', subject) && (
        <Suspense fallback={null}>
          <HomeFigures />
        </Suspense>
      )}
    </div>
  );
}
