import type { Catalogue } from './en';
import en from './en';

const es: Catalogue = en;
export default es;
