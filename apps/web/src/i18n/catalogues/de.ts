import type { Catalogue } from './en';
import en from './en';

const de: Catalogue = en;
export default de;
