/** What the app bar shows of the membership: the trial's countdown. */
export { TrialCountdown } from './TrialCountdown';
