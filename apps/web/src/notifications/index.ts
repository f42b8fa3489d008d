/** What other screens may use of the notifications: the app bar's bell, and the messages sent about a record. */
export { NotificationBell } from './NotificationBell';
export { MessageHistory, type MessageHistorySubject } from './MessageHistory';
