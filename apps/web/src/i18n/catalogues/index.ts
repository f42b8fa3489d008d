import ar from './ar';
import de from './de';
import en, { Catalogue } from './en';
import es from './es';
import fr from './fr';
import pt from './pt';
import ru from './ru';
import type { Language } from '../languages';

export type { Catalogue };
export const CATALOGUES: Record<Language, Catalogue> = { ar, de, en, es, fr, pt, ru };
