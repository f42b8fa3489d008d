import type { Catalogue } from './en';
import en from './en';

const fr: Catalogue = en;
export default fr;
