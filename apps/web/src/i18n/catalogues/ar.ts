import type { Catalogue } from './en';
import en from './en';

const ar: Catalogue = en;
export default ar;
