import { FEATURE_MATRIX, type BillingMembership } from '@tabour/contracts';
import { readSession, saveSession } from '../../auth/session';

/** The session's package follows a purchase at once, so the guarded screens (kiosks, displays) open without a new login. */
export function rememberMembership(membership: BillingMembership) {
  const session = readSession();
  // The permissions follow the package as the login computes them: kiosks and displays where the matrix allows any.
  const devices = FEATURE_MATRIX[membership.package].kiosks_and_displays !== 0;
  if (session)
    saveSession({
      ...session,
      business: { ...session.business, membership, permissions: { ...session.business.permissions, kiosks: devices, displays: devices } },
    });
}
