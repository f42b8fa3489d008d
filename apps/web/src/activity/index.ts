/** What other screens may use of the activity log: a record's link to its timeline. */
export { HistoryLink, RecordHistoryButton } from './HistoryLink';
