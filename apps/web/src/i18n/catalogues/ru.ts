import type { Catalogue } from './en';
import en from './en';

const ru: Catalogue = en;
export default ru;
