import { useEffect, useState } from 'react';
import Chip from '@mui/material/Chip';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { readSession } from '../../auth/session';
import { countdown } from './countdown';

/**
 * The trial's days and hours left, in the app bar while the trial runs (docs/product.md#packages-and-the-trial). Counted
 * from the session's end date each minute, so it moves without a reload; an administrator opens
 * the membership screen from it.
 */
export function TrialCountdown() {
  const translate = useTranslate();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const session = readSession();
  const membership = session?.business.membership as { package?: string | null; trial?: { active?: boolean; ends_at?: string | null } } | null | undefined;
  if (!membership || membership.package !== 'TRIAL' || !membership.trial?.ends_at) return null;
  const left = countdown(membership.trial.ends_at, now);
  if (!left) return null;
  const label = left.days === 0 && left.hours === 0 ? translate('account.membership.trial_over') : translate('account.membership.trial_left', left);
  const admin = session?.user.role === 'ADMIN';
  return (
    <Chip
      icon={<HourglassBottomIcon />}
      label={label}
      size="small"
      sx={{ mx: 1, bgcolor: 'background.paper', color: 'text.primary', display: { xs: 'none', sm: 'inline-flex' } }}
      data-testid="trial-countdown"
      {...(admin ? { component: Link, to: '/settings/membership', clickable: true } : {})}
    />
  );
}
