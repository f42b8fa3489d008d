import ar from './ar';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import pt from './pt';
import ru from './ru';

/**
 * The devices' texts live in their own files, one per language, merged into the main
 * catalogues (index.ts one level up): the same key-parity test covers them.
 */
export const DEVICES_CATALOGUES = { ar, de, en, es, fr, pt, ru };
