/** What other device screens may use of the kiosk: its errors' wording, a name in the screen's language. */
export { kioskErrorKey } from '../data/kiosk';
export { localName } from './model';
