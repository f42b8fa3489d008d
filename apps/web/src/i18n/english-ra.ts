import english from 'ra-language-english';
import { type RaTree, raToI18next } from './translate';

/** react-admin's complete English texts: under English, and every language's last fallback. */
export default raToI18next(english as unknown as RaTree);
