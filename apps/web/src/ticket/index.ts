/** What other screens may use of the customer's ticket pages (the kiosk's printed receipt words the wait alike). */
export { minutes } from './model';
