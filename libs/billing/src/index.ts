export * from './vat';
export * from './pricing';
export * from './membership';
export * from './projections';
export * from './tables';
export * from './view';
