export * from './crypto';
export * from './personal-events';
export * from './keys';
export * from './opening';
export * from './erasure';
