import type { Catalogue } from './en';
import en from './en';

const pt: Catalogue = en;
export default pt;
